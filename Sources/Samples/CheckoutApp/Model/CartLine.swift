/// One product in a cart and how many of it.
public struct CartLine: Sendable, Hashable {
    /// The product.
    public var product: Product
    /// How many, at least 1: a product set to 0 leaves the cart.
    public var quantity: Int

    /// Creates a line.
    public init(product: Product, quantity: Int) {
        self.product = product
        self.quantity = quantity
    }

    /// The price of the line: the product's price times the quantity.
    public var subtotal: Price { product.price * quantity }
}
