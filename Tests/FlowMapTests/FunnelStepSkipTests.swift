import FlowEvents
import FlowMapping
import PlantedApps
import Testing

@Suite("The steps of a funnel a variant's explored map can skip")
struct FunnelStepSkipTests {
    /// Saw the form, saved the code, reached the review: the sound trail's order.
    static let steps: [EventMatcher] = [
        .screenShown("form"),
        EventMatcher(type: .mutation, properties: ["operation": "save_code", "outcome": "succeeded"]),
        .screenShown("review"),
    ]

    static func skippable(_ variant: String) async throws -> [Int] {
        let map = try await MapFixtures.map(variants: [SoundTrail.self, PrefillTrail.self, CodeFirstTrail.self, SameTurnTrail.self])
        let explored = try #require(map.maps.first { $0.variant(in: "trail") == variant })
        return FunnelStepSkips(of: explored, steps: Self.steps).skippable
    }

    @Test("the sound trail takes every step on every path: none can be skipped")
    func sound() async throws {
        #expect(try await Self.skippable("sound") == [])
    }

    @Test("prefill saves on intro: one path saves without the form (and may leave), another reaches the review from the form without saving")
    func prefill() async throws {
        #expect(try await Self.skippable("prefill") == [0, 1])
    }

    @Test("code-first saves before the form on every path: the save comes without the form, the review after the form without a save")
    func codeFirst() async throws {
        #expect(try await Self.skippable("code-first") == [0, 1])
    }

    @Test("a turn that logs the save with the form shows it at once: the save is not skipped")
    func sameTurn() async throws {
        #expect(try await Self.skippable("same-turn") == [])
    }

    @Test("the first step is skippable when a later one is reached without it; the last step and host-logged steps never are")
    func firstAndLast() async throws {
        let map = try await MapFixtures.map(variants: [SoundTrail.self])
        let sound = try #require(map.maps.first)
        // Help is shown only from the review: every path reaches the review without it first, so help can be skipped.
        #expect(FunnelStepSkips(of: sound, steps: [.screenShown("help"), .screenShown("review")]).skippable == [0])
        #expect(FunnelStepSkips(of: sound, steps: [.screenShown("review"), .screenShown("help")]).skippable == [])
        #expect(FunnelStepSkips(of: sound, steps: [.screenShown("form"), .screenShown("help"), .screenShown("review")]).skippable == [1])
        #expect(FunnelStepSkips(of: sound, steps: [EventMatcher(type: .exposure), .screenShown("review")]).skippable == [])
        #expect(FunnelStepSkips(of: sound, steps: [.screenShown("review")]).skippable == [])
    }
}
