import Coordination
import Experiments
import FlowEvents
import Testing
import VariantHost
import VariantKit

@Suite("Hosted sessions and their event log")
struct HostedSessionTests {
    private let forced = [
        SlotAssignment(slot: "app-shell", variant: "tablet", reason: .forced),
        SlotAssignment(
            slot: "auth-flow", variant: "signup-after-profile",
            reason: .experiment(key: "onboarding-order", variationIndex: 1, hashAttribute: "id", hashValue: "u-1", bucket: 0.5321)
        ),
    ]

    @Test("a session logs its start, one exposure per hashed slot, an assignment per other slot, then the flow")
    func eventSequence() throws {
        let sink = InMemoryEventSink()
        let terminal = ScriptedTerminal(["1", "1", "Ada", "music", "1", "ada@example.com", "secret123"])
        var user = terminal.user!
        let outcome = try HostedSession(session: "s-1", user: "u-1", assignments: forced)
            .run(registry: bundledRegistry(), sink: sink, clock: SteppingClock(), user: &user)
        #expect(outcome == .completed(screen: "home"))
        let summary = sink.events.map { event in
            [event.type.rawValue, event.variant ?? "-", event.experiment ?? "-", event.screen ?? event.action ?? "-"]
                .joined(separator: " ")
        }
        #expect(summary == [
            "session_started - - -",
            "assignment tablet - -",
            "exposure signup-after-profile onboarding-order -",
            "screen_shown tablet - welcome",
            "action tablet - welcome",
            "child_started tablet - -",
            "screen_shown signup-after-profile onboarding-order profile",
            "action signup-after-profile onboarding-order profile",
            "screen_shown signup-after-profile onboarding-order signup",
            "action signup-after-profile onboarding-order signup",
            "mutation signup-after-profile onboarding-order signup",
            "child_finished tablet - -",
            "screen_shown tablet - home",
            "flow_completed tablet - home",
        ])
        #expect(sink.events.allSatisfy { $0.session == "s-1" && $0.user == "u-1" })
        #expect(sink.events[0].properties == ["app-shell": "tablet", "auth-flow": "signup-after-profile"])
        #expect(sink.events[1].properties == ["slot": "app-shell", "reason": "forced"])
        #expect(sink.events[2].properties == [
            "slot": "auth-flow", "variation_index": "1", "hash_attribute": "id", "hash_value": "u-1", "bucket": "0.5321",
        ])
        #expect(sink.events[11].properties == [
            "coordinator": "SignupAfterProfileCoordinator", "parent": "TabletOnboardingCoordinator", "reason": "finished",
        ])
        let times = sink.events.map(\.time.millisecondsSince1970)
        #expect(times == times.sorted() && Set(times).count == times.count)
    }

    @Test("an unknown variant stops the session before anything is logged")
    func unknownVariant() throws {
        let sink = InMemoryEventSink()
        var user = ScriptedTerminal([]).user!
        #expect(throws: HostError.self) {
            try HostedSession(session: "s", user: "u", assignments: [SlotAssignment(slot: "app-shell", variant: "watch", reason: .forced)])
                .run(registry: bundledRegistry(), sink: sink, clock: SteppingClock(), user: &user)
        }
        #expect(sink.events.isEmpty)
    }

    @Test("the registry refuses duplicate ids and slots the app lacks")
    func registryChecks() throws {
        let registry = try bundledRegistry()
        #expect(throws: RegistryError.self) { try VariantRegistry(app: registry.app, variants: registry.variants + [registry.variants[0]]) }
        #expect(throws: RegistryError("unknown variant \"watch\"; expected one of: phone, tablet, signup-after-profile, signup-before-profile")) {
            try registry.requireVariant(id: "watch")
        }
    }

    @Test("a selection holds the variant each assignment chose, and names an unknown one")
    func selectionForAssignments() throws {
        let registry = try bundledRegistry()
        let selection = try registry.selection(for: forced)
        #expect(selection.all.map { $0.id } == ["tablet", "signup-after-profile"])
        let unknown = forced + [SlotAssignment(slot: "auth-flow", variant: "watch", reason: .forced)]
        #expect(throws: RegistryError("unknown variant \"watch\"; expected one of: phone, tablet, signup-after-profile, signup-before-profile")) {
            try registry.selection(for: unknown)
        }
    }
}
