import VariantKit

/// The slots of the checkout app.
public enum CheckoutSlot {
    /// The checkout flow: how the steps from cart to confirmation are laid out on screens.
    public static let checkoutFlow = AppSlot(
        id: "checkout-flow",
        summary: "The steps from cart to confirmation (a screen per step, or shipping and payment on one screen)",
        defaultVariant: "multi-step-checkout"
    )
}
