/// Why the order service refused a change.
public enum CheckoutError: Error, Sendable, Hashable {
    /// The store holds fewer of `item` than asked for: `available` are left.
    case outOfStock(item: String, available: Int)
    /// A quantity below zero.
    case invalidQuantity
    /// A product the store does not sell.
    case unknownProduct(Product.ID)
    /// Nothing to check out.
    case emptyCart
    /// A part of the shipping address is blank or malformed.
    case invalidAddress(Address.Field)
    /// Payment was attempted before a shipping address was set.
    case missingShippingAddress
    /// The card number is not a card number, or the security code is malformed.
    case invalidCard
    /// The card's issuer refused the charge.
    case cardDeclined
    /// The payment is unknown, already used, or for another total than the cart's.
    case outdatedPayment

    /// A stable code for events and reports, such as `card_declined`.
    public var code: String {
        switch self {
        case .outOfStock: "out_of_stock"
        case .invalidQuantity: "invalid_quantity"
        case .unknownProduct: "unknown_product"
        case .emptyCart: "cart_empty"
        case .invalidAddress: "address_invalid"
        case .missingShippingAddress: "address_missing"
        case .invalidCard: "card_invalid"
        case .cardDeclined: "card_declined"
        case .outdatedPayment: "payment_outdated"
        }
    }

    /// What the screen tells the shopper.
    public var message: String {
        switch self {
        case .outOfStock(let item, 0): "\(item) is out of stock. Set its quantity to 0 to remove it."
        case .outOfStock(let item, let available): "Only \(available) of \(item) left in stock. Lower the quantity."
        case .invalidQuantity: "Quantities are whole numbers, 0 or more."
        case .unknownProduct: "An item in your cart is no longer sold. Remove it to continue."
        case .emptyCart: "Your cart is empty. Add an item to check out."
        case .invalidAddress(.fullName): "Enter the recipient's full name."
        case .invalidAddress(.street): "Enter a street and house number."
        case .invalidAddress(.city): "Enter a city."
        case .invalidAddress(.postcode): "Enter a postcode of 5 digits, like 12345."
        case .missingShippingAddress: "Enter a shipping address before paying."
        case .invalidCard: "Check your card: its number has 13 to 19 digits and its security code 3 or 4."
        case .cardDeclined: "Your card was declined. Try another card."
        case .outdatedPayment: "Your cart changed since payment started. Go back to the cart and check out again."
        }
    }
}
