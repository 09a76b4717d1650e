import CheckoutApp
import Coordination
import CoordinationTesting
import MultiStepCheckout
import OnePageCheckout
import Testing

@Suite("Refused changes are shown on the screen and can be retried")
struct FailureAndRetryTests {
    @Test("more mugs than the stock holds fails the cart, shows how many are left, and a lower quantity goes through", arguments: ["multi-step-checkout", "one-page-checkout"])
    func outOfStock(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let root = try makeRoot(variant)
        _ = FlowRecording.walk(root, turns: [Turn.checkout(mugs: 5), .quit])
        let cart = try #require(root.navigator.visibleScreen)
        #expect(cart.name == "cart")
        #expect(cart.content.error == "Only 4 of Ceramic mug left in stock. Lower the quantity.")
        #expect(cart.content.fields.map(\.value) == ["1", "5"], "the quantities typed are kept")

        let recording = try walk(variant, [Turn.checkout(mugs: 5), Turn.checkout(mugs: 4)] + Turn.placeOrder(variant))
        #expect(recording.mutations.prefix(2) == ["update_cart:failed(out_of_stock)", "update_cart:succeeded"])
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(recording.liveCoordinators == 0)
    }

    @Test("a blank street fails the shipping step with the reason shown; the corrected address goes through")
    func invalidAddressMultiStep() throws {
        let root = try makeRoot(MultiStepCheckoutVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.checkout, Turn.ship(street: "  "), .quit])
        let shipping = try #require(root.navigator.visibleScreen)
        #expect(shipping.name == "shipping")
        #expect(shipping.content.error == CheckoutError.invalidAddress(.street).message)
        #expect(shipping.content.fields.map(\.value) == ["Ada Lovelace", "  ", "Springfield", "12345", "standard"])

        let recording = try walk(MultiStepCheckoutVariant.self, [Turn.checkout, Turn.ship(street: "  "), Turn.ship(), Turn.pay()])
        #expect(recording.mutations == [
            "update_cart:succeeded", "set_shipping_address:failed(address_invalid)",
            "set_shipping_address:succeeded", "start_payment:succeeded", "place_order:succeeded",
        ])
        #expect(recording.screensShown == ["cart", "shipping", "payment", "confirmation"])
        #expect(recording.outcome.isCompleted)
    }

    @Test("a malformed postcode fails the one-page form before any charge; the corrected form places the order")
    func invalidAddressOnePage() throws {
        let root = try makeRoot(OnePageCheckoutVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.checkout, Turn.shipAndPay(postcode: "1234"), .quit])
        let form = try #require(root.navigator.visibleScreen)
        #expect(form.content.error == "Enter a postcode of 5 digits, like 12345.")
        #expect(orderService(of: root)?.orders.isEmpty == true)

        let recording = try walk(OnePageCheckoutVariant.self, [Turn.checkout, Turn.shipAndPay(postcode: "1234"), Turn.shipAndPay()])
        #expect(recording.mutations == [
            "update_cart:succeeded", "start_payment:succeeded", "set_shipping_address:failed(address_invalid)",
            "set_shipping_address:succeeded", "place_order:succeeded",
        ])
        #expect(recording.outcome.isCompleted)
    }

    @Test("a declined card fails the order with the reason shown, keeps the number and clears the code; another card pays", arguments: ["multi-step-checkout", "one-page-checkout"])
    func declinedCard(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let onePage = variant == OnePageCheckoutVariant.self
        let declined = onePage ? Turn.shipAndPay(card: Turn.declinedCard) : Turn.pay(Turn.declinedCard)
        let beforePayment = onePage ? [Turn.checkout] : [Turn.checkout, Turn.ship()]

        let root = try makeRoot(variant)
        _ = FlowRecording.walk(root, turns: beforePayment + [declined, .quit])
        let screen = try #require(root.navigator.visibleScreen)
        #expect(screen.name == (onePage ? "shipping_payment" : "payment"))
        #expect(screen.content.error == "Your card was declined. Try another card.")
        #expect(screen.content.fields.suffix(2).map(\.value) == [Turn.declinedCard, ""])
        #expect(orderService(of: root)?.stockLevel(of: "mug") == 4, "a declined order takes nothing from stock")

        let recording = try walk(variant, beforePayment + [declined] + [onePage ? Turn.shipAndPay() : Turn.pay()])
        #expect(recording.mutations.filter { $0.hasPrefix("place_order:") } == ["place_order:failed(card_declined)", "place_order:succeeded"])
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(recording.liveCoordinators == 0)
    }

    @Test("a card number failing its check digit and a short security code are refused as invalid cards")
    func invalidCard() throws {
        let recording = try walk(MultiStepCheckoutVariant.self, [
            Turn.checkout, Turn.ship(), Turn.pay("4242 4242 4242 4241"), Turn.pay(cvc: "12"), Turn.pay(),
        ])
        #expect(recording.mutations.suffix(3) == [
            "place_order:failed(card_invalid)", "place_order:failed(card_invalid)", "place_order:succeeded",
        ])
        #expect(recording.outcome.isCompleted)
    }

    @Test("setting every quantity to 0 is refused as an empty cart, and changes nothing")
    func emptyCart() throws {
        let root = try makeRoot(OnePageCheckoutVariant.self)
        let recording = FlowRecording.walk(root, turns: [Turn.checkout(beans: 0, mugs: 0), .quit])
        #expect(recording.mutations == ["update_cart:failed(cart_empty)"])
        #expect(recording.screensShown == ["cart"])
        #expect(orderService(of: root)?.cart == SampleStore.cart)
    }

    @Test("a quantity that is not a number is refused by the cart form, before the service is asked")
    func unreadableQuantity() throws {
        let root = try makeRoot(MultiStepCheckoutVariant.self)
        let recording = FlowRecording.walk(root, turns: [.perform("checkout", fields: ["quantity_mug": "two"]), Turn.checkout(mugs: 2)])
        #expect(recording.mutations == ["update_cart:succeeded"])
        #expect(recording.screensShown == ["cart", "shipping"])

        let unanswered = try makeRoot(MultiStepCheckoutVariant.self)
        _ = FlowRecording.walk(unanswered, turns: [.perform("checkout", fields: ["quantity_mug": "two"]), .quit])
        #expect(unanswered.navigator.visibleScreen?.content.error == "Enter each quantity as a whole number, 0 to remove the item.")
    }

    @Test("a required field left empty is refused before it reaches the coordinator")
    func emptyRequiredField() throws {
        let recording = try walk(MultiStepCheckoutVariant.self, [
            Turn.checkout, Turn.ship(), .perform("place_order", fields: ["card_number": Turn.goodCard]),
        ])
        #expect(recording.user.rejections.map(\.error) == [.missingField("card_cvc")])
        #expect(recording.mutations.last == "start_payment:succeeded")
    }

    @Test("setting a product to 0 removes it from the cart and from the order")
    func removeLine() throws {
        let root = try makeRoot(OnePageCheckoutVariant.self)
        let recording = FlowRecording.walk(root, turns: [Turn.checkout(beans: 0, mugs: 1), Turn.shipAndPay()])
        #expect(recording.outcome.isCompleted)
        let order = try #require(orderService(of: root)?.orders.first)
        #expect(order.lines.map(\.product) == [SampleStore.mug])
        #expect(order.total == Price(cents: 950))
    }
}

@Suite("Abandonment")
struct AbandonmentTests {
    @Test("quitting on any screen abandons there and leaves no coordinator running", arguments: ["multi-step-checkout", "one-page-checkout"])
    func quitAnywhere(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let steps = [Turn.checkout] + Turn.placeOrder(variant)
        let screens = variant == OnePageCheckoutVariant.self ? ["cart", "shipping_payment"] : ["cart", "shipping", "payment"]
        for (step, screen) in screens.enumerated() {
            let recording = try walk(variant, Array(steps.prefix(step)) + [.quit])
            #expect(recording.outcome == .abandoned(screen: screen))
            #expect(recording.signals.last?.kind == .flowAbandoned(screen: screen))
            #expect(recording.liveCoordinators == 0)
        }
    }
}
