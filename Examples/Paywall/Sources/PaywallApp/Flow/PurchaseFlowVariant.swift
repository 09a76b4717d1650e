import Coordination
import VariantKit

/// A variant of the purchase-flow slot: makes the session's root coordinator.
public protocol PurchaseFlowVariant: FlowVariant {
    /// Creates the purchase flow's root coordinator; the host starts it.
    static func makeCoordinator(navigator: Navigator, services: PaywallServices) -> Coordinator
}

extension PurchaseFlowVariant {
    /// The purchase-flow slot.
    public static var slot: String { PaywallSlot.purchaseFlow.id }
}
