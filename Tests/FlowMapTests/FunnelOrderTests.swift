import FlowEvents
import FlowMapping
import PlantedApps
import Testing
import VariantHost
import VariantKit

@Suite("A funnel whose steps a variation can never log in their order is a funnel-order lint")
struct FunnelOrderTests {
    /// Saw the form, then saved the code, then reached the review: the sound trail's order.
    let funnel = FunnelExpectation(
        experiment: "trail-order", slot: "trail", variations: ["sound", "code-first", "prefill", "same-turn"],
        steps: [
            .init(name: "Saw form", matcher: .screenShown("form")),
            .init(name: "Saved code", matcher: EventMatcher(type: .mutation, properties: ["operation": "save_code", "outcome": "succeeded"])),
            .init(name: "Reached review", matcher: .screenShown("review")),
        ],
        goal: .init(name: "goal", matcher: EventMatcher(type: .flowCompleted)),
        source: "trail/experiments.json"
    )

    @Test("a variation that logs a step before the step the funnel puts first, on every path, is named with both steps and the fix")
    func everyPathOutOfOrder() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, CodeFirstTrail.self], funnels: [funnel])
        #expect(map.lints.map(\.kind) == [.funnelOrder], "\(map.lints)")
        let lint = try #require(map.lints.first)
        #expect(lint.variant == "code-first")
        #expect(lint.combination == [SlotVariant(slot: "trail", variant: "code-first")])
        #expect(lint.message.contains(
            "experiment \"trail-order\" counts step 2 \"Saved code\" (mutation operation=save_code outcome=succeeded) after step 1 \"Saw form\", "
                + "but no path of code-first logs it once step 1 is completed in order"
        ))
        #expect(lint.message.contains("(first after start)"))
        #expect(lint.message.contains("a report counts no user of code-first at step 2 or any step after it"))
        #expect(lint.fix.contains("make code-first's coordinator log step 2 after step 1"))
        #expect(lint.fix.contains("trail/experiments.json"))
    }

    @Test("a variation that takes the steps out of order on some paths and in order on others is not linted")
    func somePathsInOrder() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, PrefillTrail.self], funnels: [funnel])
        let prefill = try #require(map.maps.first { $0.variant(in: "trail") == "prefill" })
        // The map holds both: a path that saves the code on intro, before the form, and one that saves it on the form.
        let savingTurns = prefill.transitions.filter { transition in
            transition.events.contains { $0.type == .mutation && $0.properties["operation"] == "save_code" }
        }.map(\.turn.description)
        #expect(Set(savingTurns) == ["prefill", "submit[valid]"])
        #expect(map.lints.isEmpty, "\(map.lints)")
    }

    @Test("steps one turn logs count as simultaneous, in whatever order it logs them")
    func oneTurnIsOneMoment() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, SameTurnTrail.self], funnels: [funnel])
        let sameTurn = try #require(map.maps.first { $0.variant(in: "trail") == "same-turn" })
        let next = try #require(sameTurn.transitions.first { $0.turn.description == "next" })
        #expect(next.events.map(\.type) == [.action, .mutation, .screenShown])
        #expect(map.lints.isEmpty, "\(map.lints)")
    }

    @Test("every step a variation cannot reach in order is named at once, each after the last step it could follow")
    func everyStepOutOfOrder() async throws {
        var early = funnel
        early.steps[2] = .init(name: "Loaded hints", matcher: EventMatcher(type: .mutation, properties: ["operation": "load_hints"]))
        early.variations = ["sound", "code-first"]
        let map = try await MapFixtures.map(variants: [SoundTrail.self, CodeFirstTrail.self], choices: ["code-first"], funnels: [early])
        let lints = MapFixtures.lints(.funnelOrder, in: map)
        #expect(lints.map(\.variant) == ["code-first", "code-first"], "\(map.lints)")
        #expect(lints.first?.message.contains("counts step 2 \"Saved code\" (mutation operation=save_code outcome=succeeded) after step 1 \"Saw form\"") == true)
        #expect(lints.last?.message.contains("counts step 3 \"Loaded hints\" (mutation operation=load_hints) after step 1 \"Saw form\"") == true)
    }
}
