import Coordination

/// The base of purchase-flow coordinators: the subscription call every variant makes (recorded
/// as a mutation, its refusal shown on the payment screen) and the confirmation that ends the flow.
///
/// Variants differ in what comes before the payment screen: they override `start()`.
open class PurchaseFlowCoordinator: Coordinator {
    /// The collaborators.
    public let services: PaywallServices

    /// Creates a purchase flow showing its screens on `navigator`.
    public init(navigator: Navigator, services: PaywallServices) {
        self.services = services
        super.init(navigator: navigator)
    }

    /// Pushes the card form for `plan`; a card the service takes completes the flow.
    public final func showPayment(for plan: Plan, withTrial: Bool) {
        let payment = services.screens.makePayment(for: plan, withTrial: withTrial)
        payment.onSubscribe = { [unowned self, unowned payment] card in
            guard let subscription = subscribe(to: plan, with: card, withTrial: withTrial, errorsOn: payment) else { return }
            complete(with: subscription)
        }
        navigator.push(payment, owner: self)
    }

    /// Starts the subscription, recording `subscribe`; on refusal shows the error on `screen`.
    public final func subscribe(
        to plan: Plan, with card: PaymentCard, withTrial: Bool, errorsOn screen: any PaymentScreen
    ) -> Subscription? {
        do {
            let subscription = try services.subscriptions.subscribe(to: plan, with: card, withTrial: withTrial)
            recordMutation("subscribe", outcome: .succeeded)
            screen.errorMessage = nil
            return subscription
        } catch {
            recordMutation("subscribe", outcome: .failed(reason: error.code))
            screen.errorMessage = error.message
            return nil
        }
    }

    /// Shows the confirmation of `subscription` as the only screen and finishes the flow.
    public final func complete(with subscription: Subscription) {
        navigator.setRoot(services.screens.makeSubscribed(subscription), owner: self)
        finish()
    }
}
