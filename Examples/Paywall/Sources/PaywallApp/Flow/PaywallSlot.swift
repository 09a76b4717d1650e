import VariantKit

/// The paywall's slots.
public enum PaywallSlot {
    /// How a user gets from the paywall to a paid subscription.
    public static let purchaseFlow = AppSlot(
        id: "purchase-flow",
        summary: "The steps from the paywall to a subscription (plans first, or the free week first)",
        defaultVariant: "plans-first"
    )
}
