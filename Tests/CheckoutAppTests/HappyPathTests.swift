import CheckoutApp
import Coordination
import CoordinationTesting
import MultiStepCheckout
import OnePageCheckout
import Testing
import VariantKit

@Suite("Happy paths of both checkout flows")
struct HappyPathTests {
    @Test("multi-step checkout shows a screen per step and saves the address before payment starts")
    func multiStep() throws {
        let recording = try walk(MultiStepCheckoutVariant.self, [Turn.checkout, Turn.ship(), Turn.pay()])
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(recording.screensShown == ["cart", "shipping", "payment", "confirmation"])
        #expect(recording.mutations == [
            "update_cart:succeeded", "set_shipping_address:succeeded", "start_payment:succeeded", "place_order:succeeded",
        ])
        #expect(recording.liveCoordinators == 0)
        #expect(recording.user.rejections.isEmpty)
    }

    @Test("one-page checkout starts payment as its one form opens, and one submit saves the address and places the order")
    func onePage() throws {
        let recording = try walk(OnePageCheckoutVariant.self, [Turn.checkout, Turn.shipAndPay()])
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(recording.screensShown == ["cart", "shipping_payment", "confirmation"])
        #expect(recording.mutations == [
            "update_cart:succeeded", "start_payment:succeeded", "set_shipping_address:succeeded", "place_order:succeeded",
        ])
        #expect(recording.liveCoordinators == 0)
        #expect(recording.user.rejections.isEmpty)
    }

    @Test("each step is pushed onto the cart, and the confirmation replaces the whole stack")
    func navigation() throws {
        let multiStep = try walk(MultiStepCheckoutVariant.self, [Turn.checkout, Turn.ship(), Turn.pay()])
        #expect(multiStep.navigation.map(\.description) == [
            "setRoot(cart)", "push(shipping)", "push(payment)", "setRoot(confirmation)",
        ])
        let onePage = try walk(OnePageCheckoutVariant.self, [Turn.checkout, Turn.shipAndPay()])
        #expect(onePage.navigation.map(\.description) == ["setRoot(cart)", "push(shipping_payment)", "setRoot(confirmation)"])
    }

    @Test("in both flows the screen taking the card appears right after payment started", arguments: ["multi-step-checkout", "one-page-checkout"])
    func paymentStepIsMarked(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let recording = try walk(variant, [Turn.checkout] + Turn.placeOrder(variant))
        let kinds = recording.signals.map(\.kind)
        let started = try #require(kinds.firstIndex(of: .mutation(operation: "start_payment", outcome: .succeeded)))
        let cardScreen = variant == OnePageCheckoutVariant.self ? "shipping_payment" : "payment"
        #expect(kinds[started + 1] == .screenShown(screen: cardScreen))
    }

    @Test("the order is placed with the quantities chosen, charged, and confirmed", arguments: ["multi-step-checkout", "one-page-checkout"])
    func orderPlaced(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let root = try makeRoot(variant)
        let recording = FlowRecording.walk(root, turns: [Turn.checkout(beans: 2, mugs: 1)] + Turn.placeOrder(variant))
        #expect(recording.outcome.isCompleted)
        let service = try #require(orderService(of: root))
        let order = try #require(service.orders.first)
        #expect(order.number == 1001)
        #expect(order.total == Price(cents: 2 * 1800 + 950))
        #expect(order.shippingAddress == Address(fullName: "Ada Lovelace", street: "12 Main Street", city: "Springfield", postcode: "12345"))
        #expect(service.stockLevel(of: "beans") == 8)
        #expect(service.stockLevel(of: "mug") == 3)
        #expect(service.cart.isEmpty)

        let confirmation = try #require(root.navigator.visibleScreen)
        #expect(confirmation.content.title == "Thank you! Order #1001 is placed")
        #expect(confirmation.content.body == [
            "Paid $45.50 with the card ending in 4242.", "2 × Espresso beans, 1 kg", "1 × Ceramic mug",
            "Ships to Ada Lovelace, 12 Main Street, 12345 Springfield.",
        ])
        #expect(!confirmation.content.allowsBack)
    }

    @Test("the cart shows its lines and total, and the payment step what it charges and where it ships")
    func screensShowTheCart() throws {
        let root = try makeRoot(MultiStepCheckoutVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.checkout, Turn.ship(), .quit])
        let cart = try #require(root.navigator.screens.first)
        #expect(cart.content.body == [
            "1 × Espresso beans, 1 kg at $18.00: $18.00", "2 × Ceramic mug at $9.50: $19.00", "Total: $37.00 with free shipping.",
            "Set a quantity to 0 to remove the item.",
        ])
        #expect(cart.content.fields.map(\.id) == ["quantity_beans", "quantity_mug"])
        let payment = try #require(root.navigator.screens.last)
        #expect(payment.content.body == [
            "Total: $37.00 for 3 items with free shipping.", "Ships to Ada Lovelace, 12 Main Street, 12345 Springfield.",
        ])
    }

    @Test("the one-page form shows the total of the saved cart, counting its items")
    func onePageFormShowsTheTotal() throws {
        let root = try makeRoot(OnePageCheckoutVariant.self)
        _ = FlowRecording.walk(root, turns: [Turn.checkout(beans: 0, mugs: 1), .quit])
        let form = try #require(root.navigator.visibleScreen)
        #expect(form.content.body == [
            "Total: $9.50 for 1 item with free shipping.",
            "Shipping: standard is free and takes 3 to 5 days; express arrives the next day for $8.00.",
        ])
        #expect(form.content.fields.map(\.id) == ["full_name", "street", "city", "postcode", "shipping_speed", "card_number", "card_cvc"])
    }

    @Test("events are attributed to the variant that ran the checkout", arguments: ["multi-step-checkout", "one-page-checkout"])
    func attribution(checkoutFlowID: String) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let recording = try walk(variant, [Turn.checkout] + Turn.placeOrder(variant))
        #expect(Set(recording.signals.map(\.variant)) == [variant.id])
    }
}
