import SeededRandom
import FlowEvents
@testable import FlowReports
import Testing

/// The report matches every event against a funnel prepared once (``FunnelMatcher``) and decides a
/// millisecond of one event without sorting; both must count exactly as the rule states.
@Suite("Funnel matching: the prepared funnel counts as the rule states")
struct FunnelMatcherTests {
    static let types: [EventType] = [.screenShown, .action, .mutation, .flowCompleted, .back]
    static let screens: [String?] = [nil, "welcome", "home"]
    static let actions: [String?] = [nil, "get_started", "save"]
    static let propertySets: [[String: String]] = [
        [:],
        ["outcome": "failed"],
        ["operation": "create_account", "outcome": "succeeded"],
        ["operation": "create_account", "outcome": "failed", "reason": "taken"],
        ["operation": "save_profile", "outcome": "succeeded"],
        // More properties than a pattern compares one by one: looked up by hashing.
        ["operation": "create_account", "outcome": "succeeded", "attempt": "2", "device": "phone", "locale": "fr"],
    ]

    static func randomMatcher(_ random: inout SplitMix64) -> EventMatcher {
        let properties = propertySets[random.next(below: propertySets.count)]
        return EventMatcher(
            type: types[random.next(below: types.count)],
            screen: screens[random.next(below: screens.count)],
            action: actions[random.next(below: actions.count)],
            // Often only part of an event's properties, so that matchers ignore the others.
            properties: properties.filter { _ in random.next(below: 2) == 0 }
        )
    }

    static func randomEvent(_ random: inout SplitMix64, at millisecond: Int64) -> FlowEvent {
        FlowEvent(
            time: EventTimestamp(millisecondsSince1970: millisecond),
            session: "s",
            user: "u",
            type: types[random.next(below: types.count)],
            screen: screens[random.next(below: screens.count)],
            action: actions[random.next(below: actions.count)],
            properties: propertySets[random.next(below: propertySets.count)]
        )
    }

    static func randomFunnel(_ random: inout SplitMix64, steps: Int) -> FunnelDefinition {
        FunnelDefinition(
            steps: (0..<steps).map { FunnelStep(name: "step \($0)", matcher: randomMatcher(&random)) },
            conversionWindowSeconds: 60,
            goal: randomMatcher(&random)
        )
    }

    @Test("An event's signature holds exactly the steps from the given one on whose matchers match it, and the goal is the goal matcher's")
    func signaturesAgreeWithMatchers() {
        var random = SplitMix64(seed: 17)
        for _ in 0..<200 {
            let funnel = Self.randomFunnel(&random, steps: 1 + random.next(below: 8))
            let matcher = FunnelMatcher(funnel)
            for _ in 0..<50 {
                let event = Self.randomEvent(&random, at: 0)
                #expect(matcher.matchesGoal(event) == funnel.goal.matches(event))
                for first in 0..<funnel.steps.count {
                    let signature = matcher.signature(of: event, from: first)
                    for step in funnel.steps.indices {
                        #expect(signature.contains(step) == (step >= first && funnel.steps[step].matcher.matches(event)))
                    }
                }
            }
        }
    }

    @Test("Steps from 64 on are matched too, and rank above every step below 64")
    func longFunnels() {
        let screens = [2: "other", 66: "home"]
        let steps = (0..<70).map { FunnelStep(name: "step \($0)", matcher: .screenShown(screens[$0] ?? "none")) }
        let matcher = FunnelMatcher(FunnelDefinition(steps: steps, goal: EventMatcher(type: .flowCompleted)))
        let home = FlowEvent(time: EventTimestamp(millisecondsSince1970: 0), session: "s", user: "u", type: .screenShown, screen: "home")
        let other = FlowEvent(time: EventTimestamp(millisecondsSince1970: 0), session: "s", user: "u", type: .screenShown, screen: "other")
        #expect(matcher.signature(of: home, from: 0) == StepSignature(stepsDescending: [66]))
        #expect(matcher.signature(of: home, from: 67).isEmpty)
        #expect(matcher.signature(of: other, from: 0) == StepSignature(stepsDescending: [2]))
        #expect(matcher.signature(of: other, from: 0) < matcher.signature(of: home, from: 0))
    }

    /// The rule applied to a user's events at once: millisecond by millisecond, each step from the next on
    /// takes the unused matching event with the smallest signature.
    static func stepOffsetsByTheRule(_ events: [FlowEvent], funnel: FunnelDefinition) -> [Int64] {
        var offsets: [Int64] = []
        for millisecond in Set(events.map(\.time.millisecondsSince1970)).sorted() {
            let first = offsets.count
            let signatures = events
                .filter { $0.time.millisecondsSince1970 == millisecond }
                .map { event in
                    StepSignature(stepsDescending: funnel.steps.indices.reversed().filter { $0 >= first && funnel.steps[$0].matcher.matches(event) })
                }
                .sorted()
            let reached = StepSignature.stepsReached(from: first, of: funnel.steps.count, using: signatures)
            offsets += repeatElement(millisecond, count: reached)
        }
        return offsets
    }

    @Test("Events counted one at a time reach the steps the rule gives, whatever the order of each millisecond's events")
    func incrementalMatchingFollowsTheRule() {
        var random = SplitMix64(seed: 23)
        for _ in 0..<300 {
            let funnel = Self.randomFunnel(&random, steps: 1 + random.next(below: 5))
            let matcher = FunnelMatcher(funnel)
            // Few milliseconds, so that most hold several events.
            var events = (0..<(1 + random.next(below: 12))).map { _ in
                Self.randomEvent(&random, at: Int64(random.next(below: 4)))
            }
            events.sort { $0.time.millisecondsSince1970 < $1.time.millisecondsSince1970 }
            let expected = Self.stepOffsetsByTheRule(events, funnel: funnel)
            for _ in 0..<4 {
                var progress = UserFunnelProgress(anchor: EventTimestamp(millisecondsSince1970: 0))
                for event in events {
                    progress.consume(event, funnel: matcher, windowMilliseconds: 60_000)
                }
                #expect(progress.stepOffsets == expected)
                // The same events, each millisecond's in another order.
                events = Dictionary(grouping: events) { $0.time.millisecondsSince1970 }
                    .sorted { $0.key < $1.key }
                    .flatMap { $0.value.shuffled(using: &random) }
            }
        }
    }
}
