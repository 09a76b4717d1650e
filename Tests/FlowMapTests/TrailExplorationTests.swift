import Coordination
import FlowEvents
import FlowMapping
import PlantedApps
import Testing
import VariantHost
import VariantKit

@Suite("Exploring the hand-made trail app finds the map it is known to have")
struct TrailExplorationTests {
    private func soundMap() async throws -> VariantMap {
        let map = try await MapFixtures.map(variants: [SoundTrail.self])
        return try #require(map.maps.first)
    }

    @Test("seven states, breadth first, each reached by a shortest path")
    func states() async throws {
        let map = try await soundMap()
        #expect(map.isComplete)
        #expect(map.states.map { $0.path.map(\.description) } == [
            [],
            ["next"],
            ["next", "submit[valid]"],
            ["next", "submit[code=bad]"],
            ["next", "submit[valid]", "confirm"],
            ["next", "submit[valid]", "help"],
            ["next", "submit[valid]", "help", "next_tip"],
        ])
        #expect(map.states.map(\.screen) == ["intro", "form", "review", "form", nil, "help", "help"])
        #expect(map.states[3].content?.error == "wrong code")
        #expect(map.states[4].outcome == .completed(screen: "review"))
        #expect(map.states[2].stackNames == [["intro", "form", "review"]])
        #expect(map.states.allSatisfy { $0.outcome != nil || $0.expanded })
    }

    @Test("fifteen transitions: a turn that shows what was seen before leads back to its state")
    func transitions() async throws {
        let map = try await soundMap()
        let described = map.transitions.map { "s\($0.from) \($0.turn) s\($0.to)" }
        #expect(described == [
            "s0 next s1",
            "s1 submit[valid] s2", "s1 submit[code=bad] s3", "s1 back s0",
            "s2 confirm s4", "s2 edit s1", "s2 help s5", "s2 back s1",
            "s3 submit[valid] s2", "s3 submit[code=bad] s3", "s3 back s0",
            "s5 next_tip s6", "s5 back s2",
            "s6 next_tip s5", "s6 back s2",
        ])
    }

    @Test("each transition carries the events a host logs for it")
    func transitionEvents() async throws {
        let map = try await soundMap()
        let submit = try #require(map.transitions.first { $0.from == 1 && $0.turn.description == "submit[valid]" })
        #expect(submit.events.map(\.description) == [
            "action screen=form action=submit",
            "mutation screen=form operation=save_code outcome=succeeded",
            "screen_shown screen=review",
        ])
        #expect(submit.events.allSatisfy { $0.variant == "sound" })
        #expect(map.events.contains { $0.event.type == .flowAbandoned && $0.event.screen == "help" })
    }

    @Test("the screen graph merges the states of a screen: five nodes, ten edges")
    func screenGraph() async throws {
        let graph = try await soundMap().screens
        #expect(graph.start == "intro")
        #expect(graph.nodes.map(\.id) == ["intro", "form", "review", "completed@review", "help"])
        #expect(graph.nodes.first { $0.id == "form" }?.errors == ["wrong code"])
        #expect(graph.nodes.first { $0.id == "help" }?.states == 2)
        #expect(graph.edges.map { "\($0.from) -\($0.label)-> \($0.to)" } == [
            "intro -next-> form",
            "form -submit[valid]-> review", "form -submit[code=bad]-> form", "form -back-> intro",
            "review -confirm-> completed@review", "review -edit-> form", "review -help-> help", "review -back-> form",
            "help -next_tip-> help", "help -back-> review",
        ])
    }

    @Test("the sound trail passes every lint")
    func soundPasses() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self])
        #expect(map.lints.isEmpty, "\(map.lints)")
    }

    @Test("a flow that shows ever new content stops at the limit and names the frontier, without false traps")
    func limit() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, CounterTrail.self], choices: ["counter"], maxStates: 10)
        let counter = try #require(map.maps.first)
        #expect(counter.states.count == 10)
        #expect(counter.reachedLimit && !counter.isComplete)
        #expect(!counter.frontier.isEmpty)
        #expect(counter.frontier.allSatisfy { !counter.states[$0].expanded })
        #expect(map.lints.map(\.kind) == [.stateLimit], "\(map.lints)")
        #expect(map.lints.first?.path?.isEmpty == false)
    }

    @Test("a combination the app refuses to compose is reported; the other maps are still explored")
    func composition() async throws {
        let map = try await MapFixtures.map(ThrowingTrailApp.self, variants: [SoundTrail.self, RefusedTrail.self])
        #expect(map.maps.count == 2)
        #expect(map.maps[0].states.count == 7)
        #expect(map.maps[1].states.isEmpty)
        let lint = try #require(MapFixtures.lints(.composition, in: map).first)
        #expect(lint.combination == [SlotVariant(slot: "trail", variant: "refused")])
        #expect(lint.message.contains("the refused trail cannot be composed"))
    }

    @Test("choices: slot=id and id, two variants of one slot, and located errors")
    func choices() throws {
        let registry = try VariantRegistry(app: TrailApp.self, variants: [SoundTrail.self, CycleTrail.self])
        let both = try VariantChoices(["trail=cycle", "sound"], registry: registry)
        #expect(both.combinations(in: registry).map { $0.map { $0.id } } == [["cycle"], ["sound"]])
        #expect(throws: RegistryError.self) { try VariantChoices(["flow=sound"], registry: registry) }
        do {
            _ = try VariantChoices(["trail=missing"], registry: registry)
            Issue.record("an unknown variant was accepted")
        } catch {
            #expect(error.description == "--variant trail=missing: slot \"trail\" of trail has no variant \"missing\"; expected one of: cycle, sound")
        }
        do {
            _ = try VariantChoices(["flow=sound"], registry: registry)
        } catch {
            #expect(error.description.hasPrefix("--variant flow=sound: trail has no slot \"flow\"; expected one of: trail"))
        }
    }
}
