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
    private let products: [Product.ID: Product]
    private var stock: [Product.ID: Int]
    private var openPayments: [Int: Payment] = [:]
    private var nextPaymentID = 1
    private var nextOrderNumber = 1001

    /// Creates a service selling `products`, holding `stock` of each (none where not given), with `cart` as the shopper's cart.
    public init(products: [Product], stock: [Product.ID: Int], cart: Cart) {
        self.products = Self.productsByID(products)
        self.stock = stock
        self.cart = cart
    }

    /// Creates a service selling the products of `productsByID`, as `productsByID(_:)` lays them out:
    /// a store that makes a service per shopper lays its products out once.
    init(productsByID: [Product.ID: Product], stock: [Product.ID: Int], cart: Cart) {
        products = productsByID
        self.stock = stock
        self.cart = cart
    }

    /// `products` by identifier; of two with one identifier, the first.
    static func productsByID(_ products: [Product]) -> [Product.ID: Product] {
        Dictionary(products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
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
            guard let product = products[id] else { throw .unknownProduct(id) }
            try checkStock(of: product, quantity: quantity)
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
        let trimmed = Address(
            fullName: Self.trimmingSpaces(address.fullName),
            street: Self.trimmingSpaces(address.street),
            city: Self.trimmingSpaces(address.city),
            postcode: Self.trimmingSpaces(address.postcode)
        )
        for field in [Address.Field.fullName, .street, .city] where trimmed[field].isEmpty {
            throw .invalidAddress(field)
        }
        guard Self.isPostcode(trimmed.postcode) else { throw .invalidAddress(.postcode) }
        cart.shippingAddress = trimmed
        cart.shippingSpeed = speed
        return cart
    }

    public func startPayment() throws(CheckoutError) -> Payment {
        guard !cart.isEmpty else { throw .emptyCart }
        for line in cart.lines {
            try checkStock(of: line.product, quantity: line.quantity)
        }
        let payment = Payment(id: nextPaymentID, amount: cart.total)
        nextPaymentID += 1
        openPayments[payment.id] = payment
        return payment
    }

    public func placeOrder(paying payment: Payment, with card: PaymentCard) throws(CheckoutError) -> Order {
        guard openPayments[payment.id] == payment, payment.amount == cart.total else { throw .outdatedPayment }
        guard !cart.isEmpty else { throw .emptyCart }
        guard let address = cart.shippingAddress else { throw .missingShippingAddress }
        for line in cart.lines {
            try checkStock(of: line.product, quantity: line.quantity)
        }
        let digits = card.digits
        guard Self.isCardNumber(digits), Self.isSecurityCode(card.securityCode) else { throw .invalidCard }
        guard digits != Self.declinedCardNumber else { throw .cardDeclined }

        for line in cart.lines {
            stock[line.product.id, default: 0] -= line.quantity
        }
        let order = Order(
            number: nextOrderNumber,
            lines: cart.lines,
            shippingAddress: address,
            shippingSpeed: cart.shippingSpeed,
            total: payment.amount,
            cardLastFour: String(digits.suffix(4))
        )
        nextOrderNumber += 1
        openPayments[payment.id] = nil
        orders.append(order)
        cart = Cart(lines: [], shippingAddress: address, shippingSpeed: cart.shippingSpeed)
        return order
    }

    private func checkStock(of product: Product, quantity: Int) throws(CheckoutError) {
        let available = stockLevel(of: product.id)
        guard quantity <= available else { throw .outOfStock(item: product.name, available: available) }
    }

    /// `text` without the whitespace characters (`Character.isWhitespace`) at either end.
    private static func trimmingSpaces(_ text: String) -> String {
        // ASCII text, every address typed on a keyboard, is trimmed by its bytes: there a character is
        // a byte (or CR LF), and the whitespace characters are tab, LF, VT, FF, CR and the space.
        // Walking characters from both ends costs several times more, on every address submitted.
        var count = 0
        var first: Int?
        var last = 0
        let isASCII = UTF8Bytes.allSatisfy(text) { byte in
            guard byte < 0x80 else { return false }
            if byte != UInt8(ascii: " ") && !(0x09...0x0D).contains(byte) {
                if first == nil { first = count }
                last = count
            }
            count += 1
            return true
        }
        guard isASCII else {
            return String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
        guard let first else { return "" }
        if first == 0, last == count - 1 { return text }
        let utf8 = text.utf8
        return String(text[utf8.index(utf8.startIndex, offsetBy: first)..<utf8.index(utf8.startIndex, offsetBy: last + 1)])
    }

    /// Five ASCII digits.
    private static func isPostcode(_ text: String) -> Bool {
        text.utf8.count == 5 && UTF8Bytes.allSatisfy(text) { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// 13 to 19 ASCII digits passing the Luhn check that card numbers carry.
    private static func isCardNumber(_ digits: String) -> Bool {
        let count = digits.utf8.count
        guard (13...19).contains(count) else { return false }
        // Every digit from the last, doubled at odd positions.
        var position = count
        var sum = 0
        let allDigits = UTF8Bytes.allSatisfy(digits) { byte in
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
            position -= 1
            let value = Int(byte &- UInt8(ascii: "0"))
            let weighted = position.isMultiple(of: 2) ? value : value * 2
            sum += weighted > 9 ? weighted - 9 : weighted
            return true
        }
        return allDigits && sum.isMultiple(of: 10)
    }

    /// 3 or 4 ASCII digits.
    private static func isSecurityCode(_ code: String) -> Bool {
        (3...4).contains(code.utf8.count) && UTF8Bytes.allSatisfy(code) { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }
}

/// Reads strings' UTF-8 bytes in place, where walking a string's UTF-8 view byte by byte costs
/// several times more: the app's one use of a buffer pointer, only ever read within its bounds.
enum UTF8Bytes {
    /// Whether `predicate` holds for every byte of `text`, asked in order until it does not.
    static func allSatisfy(_ text: String, _ predicate: (UInt8) -> Bool) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(predicate) }) { return result }
        return text.utf8.allSatisfy(predicate)
    }
}
