import Coordination
import PaywallApp

/// The plans first, then the card; charged today.
public enum PlansFirstVariant: PurchaseFlowVariant {
    public static let id = "plans-first"
    public static let summary = "Pick monthly or yearly, then pay today"

    public static func makeCoordinator(navigator: Navigator, services: PaywallServices) -> Coordinator {
        PlansFirstCoordinator(navigator: navigator, services: services)
    }
}
