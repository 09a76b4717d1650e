import CheckoutApp
import Coordination
import CoordinationTesting
import OnePageCheckout
import Testing

@Suite("The amount, shipping and items place_order is recorded with")
struct OrderValueTests {
    /// The values of the recording's succeeded `place_order`.
    private func placeOrderValues(_ recording: FlowRecording) -> [[String: MutationValue]] {
        recording.signals.compactMap { signal in
            guard case .mutation("place_order", .succeeded, let values) = signal.kind else { return nil }
            return values
        }
    }

    @Test(
        "a placed order is recorded with what it charged, its shipping and its items, in both flows and at both speeds",
        arguments: ["multi-step-checkout", "one-page-checkout"], [ShippingSpeed.standard, .express]
    )
    func values(checkoutFlowID: String, speed: ShippingSpeed) throws {
        let variant = try checkoutFlow(checkoutFlowID)
        let root = try makeRoot(variant)
        let recording = FlowRecording.walk(root, turns: [Turn.checkout(beans: 2, mugs: 3)] + Turn.placeOrder(variant, speed: speed))
        let order = try #require(orderService(of: root)?.orders.first)
        let shipping = speed == .express ? 800 : 0
        #expect(order.total == Price(cents: 2 * 1800 + 3 * 950 + shipping))
        #expect(placeOrderValues(recording) == [["amount_cents": .integer(order.total.cents), "shipping_cents": .integer(shipping), "items": 5]])
    }

    @Test("a refused order is recorded without values")
    func refused() throws {
        let recording = try walk(OnePageCheckoutVariant.self, [Turn.checkout, Turn.shipAndPay(card: Turn.declinedCard)])
        let refusals = recording.signals.filter { $0.kind == .mutation(operation: "place_order", outcome: .failed(reason: "card_declined")) }
        #expect(refusals.count == 1)
    }

    @Test("on one page, express shipping raises the total after payment started: payment starts again for the new total")
    func onePageRepricesForExpress() throws {
        let root = try makeRoot(OnePageCheckoutVariant.self)
        let recording = FlowRecording.walk(root, turns: [Turn.checkout, Turn.shipAndPay(speed: .express)])
        #expect(recording.outcome == .completed(screen: "confirmation"))
        #expect(recording.mutations == [
            "update_cart:succeeded", "start_payment:succeeded", "set_shipping_address:succeeded", "start_payment:succeeded",
            "place_order:succeeded",
        ])
        #expect(orderService(of: root)?.orders.first?.total == Price(cents: 3700 + 800))
    }
}
