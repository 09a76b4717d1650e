import FlowEvents
import FlowMapping
import PlantedApps
import Testing
import VariantHost
import VariantKit

@Suite("Every lint is reported for the variant that plants it, with the path to it and the fix")
struct PlantedLintTests {
    @Test("a screen that offers nothing is a dead end")
    func deadEnd() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, DeadEndTrail.self])
        let lints = MapFixtures.lints(.deadEnd, in: map)
        #expect(lints.count == 1, "\(map.lints)")
        let lint = try #require(lints.first)
        #expect(lint.variant == "dead-end")
        #expect(lint.path?.map(\.description) == ["next", "submit[valid]"])
        #expect(lint.message.contains("dead end on \"review\": the screen offers no action and no back"))
        #expect(lint.fix.contains("\"review\""))
        #expect(map.lints.allSatisfy { $0.kind == .deadEnd }, "\(map.lints)")
    }

    @Test("two tips that lead only to each other are a cycle with no way out")
    func cycle() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, CycleTrail.self])
        #expect(map.lints.map(\.kind) == [.cycleWithoutExit], "\(map.lints)")
        let lint = try #require(map.lints.first)
        #expect(lint.variant == "cycle")
        #expect(lint.combination == [SlotVariant(slot: "trail", variant: "cycle")])
        #expect(lint.path?.map(\.description) == ["next", "submit[valid]", "help"])
        #expect(lint.message.hasPrefix("2 states on \"help\" lead only to each other"))
    }

    @Test("a funnel step a variation never logs is named with its experiment and what the variation logs instead")
    func funnelStep() async throws {
        let funnel = FunnelExpectation(
            experiment: "trail-code", slot: "trail", variations: ["sound", "silent"],
            steps: [
                .init(name: "Saw intro", matcher: .screenShown("intro")),
                .init(name: "Saved code", matcher: EventMatcher(type: .mutation, properties: ["operation": "save_code", "outcome": "succeeded"])),
                .init(name: "Reached review", matcher: .screenShown("review")),
            ],
            goal: .init(name: "goal", matcher: EventMatcher(type: .flowCompleted)),
            source: "trail/experiments.json"
        )
        let map = try await MapFixtures.map(variants: [SoundTrail.self, SilentTrail.self], funnels: [funnel])
        #expect(map.lints.map(\.kind) == [.funnelStepNeverLogged], "\(map.lints)")
        let lint = try #require(map.lints.first)
        #expect(lint.variant == "silent")
        #expect(lint.path == nil)
        #expect(lint.message.contains("experiment \"trail-code\" counts step 2 \"Saved code\" (mutation operation=save_code outcome=succeeded)"))
        #expect(lint.message.contains("it logs no mutation event at all"))
        #expect(lint.fix.contains("trail/experiments.json"))
    }

    @Test("a declared screen no variant shows is named")
    func unreachedScreen() async throws {
        let map = try await MapFixtures.map(OverdeclaredTrailApp.self, variants: [SoundTrail.self])
        #expect(map.lints.map(\.kind) == [.screenNeverReached], "\(map.lints)")
        #expect(map.lints.first?.message.contains("\"settings\"") == true)
        #expect(map.lints.first?.fix.contains("OverdeclaredTrailApp.screenNames") == true)
    }

    @Test("a screen only some variant shows is not reported while only others are explored")
    func unreachedScreenNeedsEveryVariant() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, DeadEndTrail.self], choices: ["dead-end"])
        #expect(MapFixtures.lints(.screenNeverReached, in: map).isEmpty)
    }

    @Test("a coordinator kept alive after the flow ended is named with its variant")
    func retainedCoordinator() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, RetainingTrail.self])
        let lints = MapFixtures.lints(.coordinatorAfterEnd, in: map)
        #expect(!lints.isEmpty, "\(map.lints)")
        #expect(lints.allSatisfy { $0.variant == "retaining" })
        let finished = try #require(lints.first { $0.message.contains("after the flow finished") })
        #expect(finished.path?.map(\.description) == ["next", "submit[valid]", "confirm"])
        #expect(finished.message.contains("coordinator Keeps of variant retaining is still alive"))
        // The cause is a strong capture, so the fix is about captures, not about ending children.
        #expect(finished.message.contains("[unowned self]"))
        #expect(finished.fix.contains("capture the coordinator weakly in the closures of screens it keeps"))
        #expect(!finished.fix.contains("child"))
        #expect(map.lints.allSatisfy { $0.kind == .coordinatorAfterEnd }, "\(map.lints)")
    }

    @Test("a child started on every visit of a screen is a leak")
    func leakedChild() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, LeakyTrail.self])
        let lint = try #require(MapFixtures.lints(.coordinatorLeak, in: map).first, "\(map.lints)")
        #expect(lint.combination == [SlotVariant(slot: "trail", variant: "leaky")])
        #expect(lint.path?.last?.description == "help")
    }

    @Test("a screen shown under a name the app does not declare is named, with the fix")
    func undeclaredScreen() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, UndeclaredTrail.self], choices: ["undeclared"])
        #expect(map.lints.map(\.kind) == [.undeclaredScreen], "\(map.lints)")
        let lint = try #require(map.lints.first)
        #expect(lint.message.contains("screen \"summary\" was shown"))
        #expect(lint.path?.map(\.description) == ["next", "submit[valid]"])
        #expect(lint.fix == "add \"summary\" to PlantedApps.TrailApp.screenNames, or correct the name the screen gives")
        // The fix is said once, after "fix:", not in the message too.
        #expect(!lint.message.contains("screenNames"))
        #expect(lint.description.split(separator: "screenNames", omittingEmptySubsequences: false).count == 2)
    }

    @Test("a flow that answers differently in another session is a divergent replay")
    func divergentReplay() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, FlakyTrail.self], choices: ["flaky"])
        #expect(!MapFixtures.lints(.replayDiverged, in: map).isEmpty, "\(map.lints)")
    }

    @Test("each lint's line names its kind, variant, combination, path and fix")
    func lintLine() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, DeadEndTrail.self], choices: ["dead-end"])
        #expect(map.lints.first?.description == "[dead-end] variant dead-end (trail=dead-end), after start → next → submit[valid]: "
            + "dead end on \"review\": the screen offers no action and no back, and the flow has not ended; "
            + "fix: give \"review\" an action that moves on or ends the flow, or let the user go back")
    }
}
