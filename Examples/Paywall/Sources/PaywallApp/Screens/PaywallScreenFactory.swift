/// Makes the paywall's screens; coordinators ask it for screens and never build them, so every
/// variant shows the same screens and an app supplies its own view controllers.
public protocol PaywallScreenFactory {
    /// The plan picker.
    func makePlans() -> any PlansScreen
    /// The free-week offer.
    func makeTrial() -> any TrialScreen
    /// The card form for `plan`, saying whether the free week comes first.
    func makePayment(for plan: Plan, withTrial: Bool) -> any PaymentScreen
    /// The confirmation of `subscription`.
    func makeSubscribed(_ subscription: Subscription) -> any SubscribedScreen
}
