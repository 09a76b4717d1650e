import Coordination
import VariantKit

/// The paywall: from the offer to a paid subscription, with or without a free week first.
public enum Paywall: HostedApp {
    public static let name = "paywall"

    public static var slots: [AppSlot] { [PaywallSlot.purchaseFlow] }

    /// The screens of `HeadlessPaywallScreens`: a variant shows some of them.
    public static var screenNames: [String] { ["plans", "trial", "payment", "subscribed"] }

    /// A valid test card and name; a declined card, a number that is not a card, and a blank name.
    public static let syntheticInput = SyntheticInput(fields: [
        "card_number": .init(valid: "4242 4242 4242 4242", invalid: ["4000 0000 0000 0002", "4242 4242 4242 4241"]),
        "card_holder": .init(valid: "Subscriber {user}", invalid: [" "]),
    ])

    public static func makeRootCoordinator(
        for selection: VariantSelection,
        navigator: Navigator
    ) throws(CompositionError) -> Coordinator {
        try makeRootCoordinator(
            for: selection, navigator: navigator,
            services: PaywallServices(screens: HeadlessPaywallScreens(), subscriptions: InMemorySubscriptionService())
        )
    }

    /// Creates the root coordinator working with `services`: how an app runs the chosen variant on
    /// its own screens and its own subscription service.
    ///
    /// - Throws: `CompositionError` when the slot's variant is missing or of another kind.
    public static func makeRootCoordinator(
        for selection: VariantSelection,
        navigator: Navigator,
        services: PaywallServices
    ) throws(CompositionError) -> Coordinator {
        let flow = try selection.variant(for: PaywallSlot.purchaseFlow.id, as: (any PurchaseFlowVariant.Type).self)
        return flow.coordinator { $0.makeCoordinator(navigator: navigator, services: services) }
    }
}
