import Coordination
import PaywallApp

/// A free week first, then the yearly plan.
public enum TrialFirstVariant: PurchaseFlowVariant {
    public static let id = "trial-first"
    public static let summary = "Offer a free week first, then the card for the yearly plan"

    public static func makeCoordinator(navigator: Navigator, services: PaywallServices) -> Coordinator {
        TrialFirstCoordinator(navigator: navigator, services: services)
    }
}
