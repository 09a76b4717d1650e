/// The paywall's screens without a UI: what the terminal shows and simulated users read.
public struct HeadlessPaywallScreens: PaywallScreenFactory {
    /// Creates the factory.
    public init() {}

    public func makePlans() -> any PlansScreen { PlansView() }
    public func makeTrial() -> any TrialScreen { TrialView() }
    public func makePayment(for plan: Plan, withTrial: Bool) -> any PaymentScreen { PaymentForm(plan: plan, withTrial: withTrial) }
    public func makeSubscribed(_ subscription: Subscription) -> any SubscribedScreen { SubscribedView(subscription: subscription) }
}
