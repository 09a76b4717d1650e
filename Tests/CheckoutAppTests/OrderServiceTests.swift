import CheckoutApp
import Testing

@Suite("In-memory order service")
struct OrderServiceTests {
    private let address = Address(fullName: "Ada Lovelace", street: "12 Main Street", city: "Springfield", postcode: "12345")
    private let card = PaymentCard(number: "4242 4242 4242 4242", securityCode: "123")

    /// A service holding the sample store, its cart given an address and a payment started.
    private func readyToPay() throws -> (InMemoryOrderService, Payment) {
        let service = SampleStore.makeOrderService()
        _ = try service.setShippingAddress(address, speed: .standard)
        return (service, try service.startPayment())
    }

    @Test("sets quantities, removes a product set to 0 and adds a product the store sells")
    func quantities() throws {
        let service = SampleStore.makeOrderService()
        let cart = try service.updateQuantities(["beans": 0, "mug": 3, "grinder": 0])
        #expect(cart.lines == [CartLine(product: SampleStore.mug, quantity: 3)])
        #expect(cart.total == Price(cents: 2850))
        #expect(service.cart == cart)
    }

    @Test("refuses more than the stock holds, saying how many are left")
    func outOfStock() {
        let service = SampleStore.makeOrderService()
        #expect(throws: CheckoutError.outOfStock(item: "Ceramic mug", available: 4)) {
            try service.updateQuantities(["mug": 5])
        }
        #expect(throws: CheckoutError.outOfStock(item: "Hand grinder", available: 0)) {
            try service.updateQuantities(["grinder": 1])
        }
        #expect(CheckoutError.outOfStock(item: "Hand grinder", available: 0).message == "Hand grinder is out of stock. Set its quantity to 0 to remove it.")
    }

    @Test("changes nothing when one quantity is refused, or when the cart would be left empty")
    func allOrNothing() {
        let service = SampleStore.makeOrderService()
        #expect(throws: CheckoutError.outOfStock(item: "Ceramic mug", available: 4)) {
            try service.updateQuantities(["beans": 3, "mug": 9])
        }
        #expect(throws: CheckoutError.emptyCart) {
            try service.updateQuantities(["beans": 0, "mug": 0])
        }
        #expect(throws: CheckoutError.invalidQuantity) {
            try service.updateQuantities(["beans": -1])
        }
        #expect(throws: CheckoutError.unknownProduct("kettle")) {
            try service.updateQuantities(["kettle": 1])
        }
        #expect(service.cart == SampleStore.cart)
    }

    @Test("refuses an address with a blank part, naming the part", arguments: Address.Field.allCases.filter { $0 != .postcode })
    func blankAddressPart(field: Address.Field) {
        var blank = address
        switch field {
        case .fullName: blank.fullName = " "
        case .street: blank.street = ""
        case .city: blank.city = "\t"
        case .postcode: break
        }
        #expect(throws: CheckoutError.invalidAddress(field)) {
            try SampleStore.makeOrderService().setShippingAddress(blank, speed: .standard)
        }
    }

    @Test("postcodes have exactly 5 digits", arguments: [
        ("12345", true), (" 12345 ", true), ("1234", false), ("123456", false), ("ABCDE", false), ("12 34", false), ("١٢٣٤٥", false),
    ])
    func postcodes(postcode: String, isValid: Bool) {
        var candidate = address
        candidate.postcode = postcode
        let accepted = (try? SampleStore.makeOrderService().setShippingAddress(candidate, speed: .standard)) != nil
        #expect(accepted == isValid)
    }

    @Test("stores the address with surrounding spaces trimmed")
    func trimsAddress() throws {
        let cart = try SampleStore.makeOrderService().setShippingAddress(
            Address(fullName: " Ada ", street: "12 Main Street  ", city: "Springfield", postcode: "12345 "), speed: .standard
        )
        #expect(cart.shippingAddress == Address(fullName: "Ada", street: "12 Main Street", city: "Springfield", postcode: "12345"))
    }

    @Test("trims exactly the whitespace characters a walk through the characters finds, ASCII or not", arguments: [
        "\t\n\u{0B}\u{0C}\r Ada \r\n", "Ada", "", "   ", "\u{1C}Ada\u{1F}", "\u{A0}Ada\u{2003}", " \u{301}Ada ", "A d a", "\r\n\r\n",
    ])
    func trimsLikeCharacters(text: String) throws {
        let cart = try SampleStore.makeOrderService().setShippingAddress(
            Address(fullName: "Ada", street: "12 Main Street", city: text + "x" + text, postcode: "12345"), speed: .standard
        )
        let expected = String(
            (text + "x" + text).drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        )
        #expect(cart.shippingAddress?.city == expected)
    }

    @Test("places the order: charges the payment, numbers orders from 1001, takes the items from stock and empties the cart")
    func placesOrder() throws {
        let (service, payment) = try readyToPay()
        let order = try service.placeOrder(paying: payment, with: card)
        #expect(order == Order(number: 1001, lines: SampleStore.cart.lines, shippingAddress: address, total: Price(cents: 3700), cardLastFour: "4242"))
        #expect(service.orders == [order])
        #expect(service.stockLevel(of: "mug") == 2)
        #expect(service.cart.isEmpty)
    }

    @Test("the total is the products' subtotal plus the shipping: standard free, express $8.00", arguments: [
        (ShippingSpeed.standard, 3700), (.express, 4500),
    ])
    func totals(speed: ShippingSpeed, cents: Int) throws {
        let service = SampleStore.makeOrderService()
        let cart = try service.setShippingAddress(address, speed: speed)
        #expect(cart.subtotal == Price(cents: 3700))
        #expect(cart.shippingSpeed == speed)
        #expect(cart.total == Price(cents: cents))
        let order = try service.placeOrder(paying: try service.startPayment(), with: card)
        #expect(order.total == Price(cents: cents))
        #expect(order.shippingSpeed == speed)
        #expect(order.itemCount == 3)
    }

    @Test("the subtotal sums every line's price times its quantity")
    func subtotals() throws {
        let service = SampleStore.makeOrderService()
        let cart = try service.updateQuantities(["beans": 3, "mug": 4])
        #expect(cart.subtotal == Price(cents: 3 * 1800 + 4 * 950))
        #expect(cart.itemCount == 7)
        #expect(try service.setShippingAddress(address, speed: .express).total == Price(cents: 3 * 1800 + 4 * 950 + 800))
    }

    @Test("choosing express after the payment started outdates the payment, which a new one for the new total replaces")
    func expressAfterPaymentStarted() throws {
        let service = SampleStore.makeOrderService()
        let early = try service.startPayment()
        _ = try service.setShippingAddress(address, speed: .express)
        #expect(throws: CheckoutError.outdatedPayment) {
            try service.placeOrder(paying: early, with: card)
        }
        let repriced = try service.startPayment()
        #expect(repriced.amount == Price(cents: 4500))
        #expect(try service.placeOrder(paying: repriced, with: card).total == Price(cents: 4500))
    }

    @Test("declines the test card 4000 0000 0000 0002 and changes nothing, so another card can pay")
    func declined() throws {
        let (service, payment) = try readyToPay()
        #expect(throws: CheckoutError.cardDeclined) {
            try service.placeOrder(paying: payment, with: PaymentCard(number: "4000 0000 0000 0002", securityCode: "123"))
        }
        #expect(service.orders.isEmpty)
        #expect(service.stockLevel(of: "mug") == 4)
        #expect(try service.placeOrder(paying: payment, with: card).number == 1001)
    }

    @Test("refuses card numbers that are not ones and malformed security codes", arguments: [
        ("4242 4242 4242 4241", "123"), ("4242", "123"), ("4242-4242-4242-424x", "123"), ("4242 4242 4242 4242", "12"),
        ("4242 4242 4242 4242", "12345"), ("4242 4242 4242 4242", "1a3"), ("", "123"),
    ])
    func invalidCards(number: String, securityCode: String) throws {
        let (service, payment) = try readyToPay()
        #expect(throws: CheckoutError.invalidCard) {
            try service.placeOrder(paying: payment, with: PaymentCard(number: number, securityCode: securityCode))
        }
    }

    @Test("refuses a payment started for another total, or already used")
    func outdatedPayments() throws {
        let (service, payment) = try readyToPay()
        _ = try service.updateQuantities(["mug": 1])
        #expect(throws: CheckoutError.outdatedPayment) {
            try service.placeOrder(paying: payment, with: card)
        }
        let current = try service.startPayment()
        _ = try service.placeOrder(paying: current, with: card)
        #expect(throws: CheckoutError.outdatedPayment) {
            try service.placeOrder(paying: current, with: card)
        }
    }

    @Test("refuses to charge before an address is set")
    func missingAddress() throws {
        let service = SampleStore.makeOrderService()
        let payment = try service.startPayment()
        #expect(throws: CheckoutError.missingShippingAddress) {
            try service.placeOrder(paying: payment, with: card)
        }
    }

    @Test("stock taken by an earlier order limits later carts")
    func stockIsShared() throws {
        let (service, payment) = try readyToPay()
        _ = try service.placeOrder(paying: payment, with: card)
        #expect(throws: CheckoutError.outOfStock(item: "Ceramic mug", available: 2)) {
            try service.updateQuantities(["mug": 3])
        }
    }

    @Test("every refusal has its own stable code", arguments: [
        (CheckoutError.outOfStock(item: "Ceramic mug", available: 4), "out_of_stock"), (.invalidQuantity, "invalid_quantity"),
        (.unknownProduct("kettle"), "unknown_product"), (.emptyCart, "cart_empty"), (.invalidAddress(.postcode), "address_invalid"),
        (.missingShippingAddress, "address_missing"), (.invalidCard, "card_invalid"), (.cardDeclined, "card_declined"),
        (.outdatedPayment, "payment_outdated"),
    ])
    func codes(error: CheckoutError, code: String) {
        #expect(error.code == code)
    }

    @Test("prices show as dollars and cents", arguments: [(0, "$0.00"), (5, "$0.05"), (1800, "$18.00"), (123_450, "$1234.50"), (-950, "-$9.50")])
    func prices(cents: Int, text: String) {
        #expect(Price(cents: cents).description == text)
    }

    @Test("a price's text is the sign, the dollars and two digits of cents, to the extremes of Int", arguments: [
        Int.min, Int.min + 1, -100, -99, -1, 0, 1, 9, 10, 99, 100, 101, 1_000_000_007, Int.max,
    ])
    func priceText(cents: Int) {
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        #expect(Price(cents: cents).description == "\(cents < 0 ? "-" : "")$\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)")
    }

    @Test("a card's digits leave out exactly its space and hyphen characters, ASCII or not", arguments: [
        "4242 4242-4242 4242", "4242424242424242", "", " - ", "42\r\n42", "4242\u{A0}4242", "42 \u{301}42", "４２４２ 42",
    ])
    func cardDigits(number: String) {
        #expect(PaymentCard(number: number, securityCode: "123").digits == String(number.filter { $0 != " " && $0 != "-" }))
    }
}
