import Coordination
import PaywallApp

/// The plans first: the user picks monthly or yearly, then pays at once. Back from the card form
/// returns to the plans.
final class PlansFirstCoordinator: PurchaseFlowCoordinator {
    override func start() {
        let plans = services.screens.makePlans()
        plans.onChoose = { [unowned self] plan in
            showPayment(for: plan, withTrial: false)
        }
        navigator.setRoot(plans, owner: self)
    }
}
