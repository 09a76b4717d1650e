/// An order service that keeps its stock, cart, payments and orders in memory and refuses what
/// a real store's backend would: more than the stock holds, a blank or malformed address, a card
/// number that is not one, and a card its issuer declines.
///
/// The card numbered `declinedCardNumber` is always declined, as payment providers' test cards are.
public final class InMemoryOrderService: OrderService {
    /// A card number that passes every check and is then declined: `4000 0000 0000 0002`.
    public static let declinedCardNumber = "4000000000000002"

    public private(set) var cart: Cart
    /// The orders placed, oldest first.
    public private(set) var orders: [Order] = []
    private let products: [Product]
    private var stock: [Product.ID: Int]
    private var openPayments: [Int: Payment] = [:]
    private var nextPaymentID = 1
    private var nextOrderNumber = 1001

    /// Creates a service selling `products`, holding `stock` of each (none where not given), with `cart` as the shopper's cart.
    public init(products: [Product], stock: [Product.ID: Int], cart: Cart) {
        self.products = products
        self.stock = stock
        self.cart = cart
    }

    /// How many of `product` the store holds.
    public func stockLevel(of product: Product.ID) -> Int {
        stock[product] ?? 0
    }

    public func updateQuantities(_ quantities: [Product.ID: Int]) throws(CheckoutError) -> Cart {
        var lines = cart.lines
        // In a fixed order, so that of several refused quantities the same one is reported every time.
        for (id, quantity) in quantities.sorted(by: { $0.key < $1.key }) {
            guard quantity >= 0 else { throw .invalidQuantity }
            guard let product = products.first(where: { $0.id == id }) else { throw .unknownProduct(id) }
            try checkStock(of: [CartLine(product: product, quantity: quantity)])
            if let index = lines.firstIndex(where: { $0.product.id == id }) {
                if quantity == 0 { lines.remove(at: index) } else { lines[index].quantity = quantity }
            } else if quantity > 0 {
                lines.append(CartLine(product: product, quantity: quantity))
            }
        }
        guard !lines.isEmpty else { throw .emptyCart }
        cart.lines = lines
        return cart
    }

    public func setShippingAddress(_ address: Address, speed: ShippingSpeed) throws(CheckoutError) -> Cart {
        let trimmed = address.trimmed
        if let field = trimmed.refusedField { throw .invalidAddress(field) }
        cart.shippingAddress = trimmed
        cart.shippingSpeed = speed
        return cart
    }

    public func startPayment() throws(CheckoutError) -> Payment {
        guard !cart.isEmpty else { throw .emptyCart }
        try checkStock(of: cart.lines)
        let payment = Payment(id: nextPaymentID, amount: cart.total)
        nextPaymentID += 1
        openPayments[payment.id] = payment
        return payment
    }

    public func placeOrder(paying payment: Payment, with card: PaymentCard) throws(CheckoutError) -> Order {
        guard openPayments[payment.id] == payment, payment.amount == cart.total else { throw .outdatedPayment }
        guard !cart.isEmpty else { throw .emptyCart }
        guard let address = cart.shippingAddress else { throw .missingShippingAddress }
        try checkStock(of: cart.lines)
        guard card.isWellFormed else { throw .invalidCard }
        guard card.digits != Self.declinedCardNumber else { throw .cardDeclined }

        for line in cart.lines {
            stock[line.product.id, default: 0] -= line.quantity
        }
        let order = Order(
            number: nextOrderNumber, lines: cart.lines, shippingAddress: address, shippingSpeed: cart.shippingSpeed,
            total: payment.amount, cardLastFour: card.lastFour
        )
        nextOrderNumber += 1
        openPayments[payment.id] = nil
        orders.append(order)
        cart = Cart(lines: [], shippingAddress: address, shippingSpeed: cart.shippingSpeed)
        return order
    }

    /// Refuses the first of `lines` asking for more than the store holds.
    private func checkStock(of lines: [CartLine]) throws(CheckoutError) {
        for line in lines where line.quantity > stockLevel(of: line.product.id) {
            throw .outOfStock(item: line.product.name, available: stockLevel(of: line.product.id))
        }
    }
}
