import CheckoutApp
import Coordination
import CoordinationTesting
import MultiStepCheckout
import OnePageCheckout
import Testing

@Suite("Back navigation at every step")
struct BackNavigationTests {
    @Test("back on the cart is refused: it is the root", arguments: ["multi-step-checkout", "one-page-checkout"])
    func cart(checkoutFlowID: String) throws {
        let recording = try walk(checkoutFlow(checkoutFlowID), [.back])
        #expect(recording.user.rejections.map(\.error) == [.backUnavailable(screen: "cart")])
    }

    @Test("back from payment returns to the shipping form filled in with the saved address and speed; submitting it again pays")
    func paymentToShipping() throws {
        let root = try makeRoot(MultiStepCheckoutVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.checkout, Turn.ship(street: "7 Side Street", speed: .express), .back, .quit])
        let shipping = try #require(root.navigator.visibleScreen)
        #expect(shipping.name == "shipping")
        #expect(shipping.content.fields.map(\.value) == ["Ada Lovelace", "7 Side Street", "Springfield", "12345", "express"])

        let recording = try walk(MultiStepCheckoutVariant.self, [
            Turn.checkout, Turn.ship(), .back, .perform("continue_to_payment"), Turn.pay(),
        ])
        #expect(recording.screensShown == ["cart", "shipping", "payment", "shipping", "payment", "confirmation"])
        #expect(recording.signals.contains { $0.kind == .back(from: "payment", to: "shipping") })
        #expect(recording.user.rejections.isEmpty, "continuing without typing kept the saved address")
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(recording.liveCoordinators == 0)
    }

    @Test("back to the cart, a changed quantity and a new checkout charge the new total", arguments: ["multi-step-checkout", "one-page-checkout"])
    func backToCart(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let onePage = variant == OnePageCheckoutVariant.self
        let backToCart: [UserTurn] = onePage ? [.back] : [Turn.ship(), .back, .back]
        let root = try makeRoot(variant)
        let recording = FlowRecording.walk(
            root,
            turns: [Turn.checkout] + backToCart + [Turn.checkout(mugs: 3)] + Turn.placeOrder(variant)
        )
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(recording.mutations.filter { $0 == "update_cart:succeeded" }.count == 2)
        #expect(orderService(of: root)?.orders.map(\.total) == [Price(cents: 1800 + 3 * 950)])
        #expect(recording.liveCoordinators == 0)
    }

    @Test("the cart shown after going back is the one the service saved")
    func cartAfterBack() throws {
        let root = try makeRoot(OnePageCheckoutVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.checkout(beans: 0, mugs: 3), .back, .quit])
        let cart = try #require(root.navigator.visibleScreen)
        #expect(cart.name == "cart")
        #expect(cart.content.fields.map(\.id) == ["quantity_mug"])
        #expect(cart.content.body.contains("Total: $28.50 with free shipping."))
    }

    @Test("a declined card, back to the cart and forward again still completes with one order")
    func declinedThenBack() throws {
        let root = try makeRoot(OnePageCheckoutVariant.self)
        let recording = FlowRecording.walk(root, turns: [
            Turn.checkout, Turn.shipAndPay(card: Turn.declinedCard), .back, Turn.checkout, Turn.shipAndPay(),
        ])
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(orderService(of: root)?.orders.count == 1)
        #expect(recording.liveCoordinators == 0)
    }

    @Test("checking out again after going back opens a fresh one-page form filled in with the saved address and speed, the card left empty")
    func onePageFormAfterBack() throws {
        let root = try makeRoot(OnePageCheckoutVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.checkout, Turn.shipAndPay(card: Turn.declinedCard, speed: .express), .back, Turn.checkout, .quit])
        let form = try #require(root.navigator.visibleScreen)
        #expect(form.name == "shipping_payment")
        #expect(form.content.error == nil)
        #expect(form.content.fields.map(\.value) == ["Ada Lovelace", "12 Main Street", "Springfield", "12345", "express", "", ""])
        #expect(form.content.body.first == "Total: $45.00 for 3 items with express shipping at $8.00.")
        #expect(root.navigator.screenNames == ["cart", "shipping_payment"])
    }

    @Test("the confirmation refuses back: the order is placed", arguments: ["multi-step-checkout", "one-page-checkout"])
    func confirmation(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let root = try makeRoot(variant)
        let recording = FlowRecording.walk(root, turns: [Turn.checkout] + Turn.placeOrder(variant) + [.back])
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(recording.user.hasFinishedScript == false, "the flow ended before the back turn was asked for")
        #expect(root.navigator.screenNames == ["confirmation"])
        #expect(root.isRunning == false)
    }
}
