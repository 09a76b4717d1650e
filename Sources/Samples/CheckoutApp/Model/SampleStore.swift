/// The store every session of the sample app shops in: what it sells, how many of each it has,
/// and what the shopper's cart holds when the flow starts.
public enum SampleStore {
    /// Espresso beans: plenty in stock.
    public static let beans = Product(id: "beans", name: "Espresso beans, 1 kg", price: Price(cents: 1800))
    /// Mugs: few left.
    public static let mug = Product(id: "mug", name: "Ceramic mug", price: Price(cents: 950))
    /// Grinders: sold out.
    public static let grinder = Product(id: "grinder", name: "Hand grinder", price: Price(cents: 4900))

    /// Everything the store sells.
    public static let products = [beans, mug, grinder]

    /// How many of each product the store holds.
    public static let stock: [Product.ID: Int] = [beans.id: 10, mug.id: 4, grinder.id: 0]

    /// The cart a shopper arrives with: one bag of beans and two mugs, $37.00.
    public static let cart = Cart(lines: [CartLine(product: beans, quantity: 1), CartLine(product: mug, quantity: 2)])

    /// A new service holding the store's stock and the arriving cart.
    public static func makeOrderService() -> InMemoryOrderService {
        InMemoryOrderService(products: products, stock: stock, cart: cart)
    }
}
