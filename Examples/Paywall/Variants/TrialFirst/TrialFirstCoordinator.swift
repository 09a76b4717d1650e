import Coordination
import PaywallApp

/// The free week first: one tap takes the offer, then the card form for the yearly plan, charged
/// after the week. Back from the card form returns to the offer.
final class TrialFirstCoordinator: PurchaseFlowCoordinator {
    override func start() {
        let trial = services.screens.makeTrial()
        trial.onStartTrial = { [unowned self] in
            showPayment(for: .yearly, withTrial: true)
        }
        navigator.setRoot(trial, owner: self)
    }
}
