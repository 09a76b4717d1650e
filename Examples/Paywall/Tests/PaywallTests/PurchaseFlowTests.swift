import Coordination
import PaywallApp
import PaywallRegistry
import Testing
import VariantKit

@Suite("The paywall's purchase flows")
struct PurchaseFlowTests {
    private let subscriptions = InMemorySubscriptionService()

    private func session(_ variant: String) throws -> FlowSession {
        let registered = try #require(RegisteredApps.all.app(named: Paywall.name))
        let chosen = try #require(registered.variants.first { $0.id == variant })
        let services = PaywallServices(screens: HeadlessPaywallScreens(), subscriptions: subscriptions)
        return FlowSession(root: try Paywall.makeRootCoordinator(for: VariantSelection([chosen]), navigator: Navigator(), services: services))
    }

    private let card = ["card_number": "4242 4242 4242 4242", "card_holder": "Ada"]

    @Test("plans first: the plan chosen is charged today; back from the card form returns to the plans")
    func plansFirst() throws {
        let session = try session("plans-first")
        session.start()
        #expect(session.visibleScreen?.name == "plans")
        try session.perform("monthly")
        #expect(session.visibleScreen?.name == "payment")
        try session.goBack()
        #expect(session.visibleScreen?.name == "plans")
        try session.perform("yearly")
        try session.perform("subscribe", fields: card)
        #expect(session.outcome == .completed(screen: "subscribed"))
        #expect(subscriptions.started == [Subscription(plan: .yearly, startsWithTrial: false, cardLastFour: "4242")])
    }

    @Test("trial first: one tap takes the free week, and the yearly plan is charged after it")
    func trialFirst() throws {
        let session = try session("trial-first")
        session.start()
        #expect(session.navigator.screenNames == ["trial"])
        try session.perform("start_trial")
        try session.perform("subscribe", fields: card)
        #expect(session.outcome == .completed(screen: "subscribed"))
        #expect(subscriptions.started.map(\.startsWithTrial) == [true])
        #expect(subscriptions.started.map(\.plan) == [.yearly])
    }

    @Test("a declined card, a number that is not a card and a blank name are shown on the card form, which stays",
          arguments: [
              ("4000 0000 0000 0002", "Ada", "Your card was declined. Try another card."),
              ("4242 4242 4242 4241", "Ada", "That card number is not valid."),
              ("4242 4242 4242 4242", " ", "Enter the name on the card."),
          ])
    func refusals(number: String, holder: String, message: String) throws {
        let session = try session("plans-first")
        session.start()
        try session.perform("monthly")
        try session.perform("subscribe", fields: ["card_number": number, "card_holder": holder])
        #expect(session.visibleScreen?.name == "payment")
        #expect(session.visibleScreen?.content.error == message)
        #expect(subscriptions.started.isEmpty)
        try session.perform("subscribe", fields: card)
        #expect(session.outcome == .completed(screen: "subscribed"))
    }
}
