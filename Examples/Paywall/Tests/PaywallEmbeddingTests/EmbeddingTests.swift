import Coordination
import Experiments
import FlowEvents
import Foundation
import Observation
import PaywallApp
import PaywallRegistry
import Testing
import VariantHost
import VariantKit

@Suite("The paywall embedded in an app on the main actor, from its config to a logged session")
struct EmbeddingTests {
    /// This package's Configuration/paywall/experiments.json, as an app would bundle it.
    private static let configuration = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Configuration/paywall/experiments.json").path

    private func begin(user: String, sink: InMemoryEventSink) throws -> (FlowSession, InMemorySubscriptionService) {
        let paywall = try EmbeddedApp(try #require(RegisteredApps.all.app(named: Paywall.name)), configuration: Self.configuration)
        let subscriptions = InMemorySubscriptionService()
        let services = PaywallServices(screens: ViewControllerScreens(), subscriptions: subscriptions)
        let session = try paywall.beginSession(user: user, session: "s-\(user)", sink: sink) { selection, navigator in
            try Paywall.makeRootCoordinator(for: selection, navigator: navigator, services: services)
        }
        return (session, subscriptions)
    }

    /// Walks whichever variant the config assigned, through the view controllers' own taps.
    private func subscribe(on session: FlowSession) throws {
        if let plans = session.visibleScreen as? PlansViewController {
            try plans.tap(.monthly)
        } else {
            try #require(session.visibleScreen as? TrialViewController).tapStart()
        }
        let payment = try #require(session.visibleScreen as? PaymentViewController)
        try payment.tapSubscribe(number: "4000 0000 0000 0002", holder: "Ada")
        #expect(payment.errorMessage == SubscriptionError.cardDeclined.message)
        try payment.tapSubscribe(number: "4242 4242 4242 4242", holder: "Ada")
    }

    @Test("users are assigned by the config, walk on view controllers, and every event carries the variant they were given")
    func assignedAndLogged() throws {
        var variantsSeen: Set<String> = []
        for index in 0..<40 {
            let sink = InMemoryEventSink()
            let (session, subscriptions) = try begin(user: "ios-\(index)", sink: sink)
            session.start()
            try subscribe(on: session)
            #expect(session.outcome == .completed(screen: "subscribed"))
            #expect(subscriptions.started.count == 1)
            let events = sink.events
            let assigned = try #require(events.first { $0.type == .exposure }?.variant, "the experiment exposes every user")
            variantsSeen.insert(assigned)
            #expect(events.filter { $0.type == .screenShown }.allSatisfy { $0.variant == assigned })
            #expect(events.contains { $0.type == .mutation && $0.properties["outcome"] == "failed" })
        }
        let registered = Set(try #require(RegisteredApps.all.app(named: Paywall.name)).variants.map { $0.id })
        #expect(variantsSeen.count > 1, "the experiment splits 40 users between its variations")
        #expect(variantsSeen.isSubset(of: registered))
    }

    @Test("a view following FlowNavigation sees the card form pushed, the swipe back, and the end")
    func observedNavigation() throws {
        let (session, _) = try begin(user: "ios-follow", sink: InMemoryEventSink())
        let navigation = session.navigation
        var changes = 0
        func follow() {
            withObservationTracking { _ = navigation.stacks; _ = navigation.outcome } onChange: {
                MainActor.assumeIsolated { changes += 1 }
            }
        }
        follow()
        session.start()
        #expect(changes == 1)
        let first = try #require(navigation.screenNames.first?.first)
        follow()
        if first == "plans" {
            try #require(navigation.visibleScreen as? PlansViewController).tap(.yearly)
        } else {
            try #require(navigation.visibleScreen as? TrialViewController).tapStart()
        }
        #expect(changes == 2)
        #expect(navigation.screenNames == [[first, "payment"]])
        follow()
        try #require(navigation.visibleScreen as? PaymentViewController).swipeBack()
        #expect(changes == 3)
        #expect(navigation.screenNames == [[first]])
        session.abandon()
        #expect(navigation.outcome == .abandoned(screen: first))
    }
}
