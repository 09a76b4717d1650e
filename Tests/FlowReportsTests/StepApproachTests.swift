import FlowEvents
@testable import FlowReports
import Foundation
import Testing

/// The screens each arm's users pass on the way to each step, and the decomposition's reading of steps that do not
/// mean the same in two flows.
@Suite("The report shows the screens on the way to each step and says when two flows' steps are not alike")
struct StepApproachTests {
    static let options = ReportOptions(experiments: [
        "onboarding": ExperimentAnalysisPlan(
            variations: ["A", "B"],
            funnel: FunnelDefinition(
                steps: [
                    FunnelStep(name: "cart", matcher: .screenShown("cart")),
                    FunnelStep(name: "pay", matcher: EventMatcher(type: .mutation, properties: ["operation": "start_payment"])),
                    FunnelStep(name: "order", matcher: EventMatcher(type: .mutation, properties: ["operation": "place_order"])),
                ],
                conversionWindowSeconds: 3_600, goal: EventMatcher(type: .flowCompleted)
            )
        ),
    ], topPaths: 5)

    /// Control (A) passes a shipping screen between the cart and the payment step; treatment (B) starts payment from the
    /// cart and takes shipping and payment on one screen. Every user orders; the payment screen is shown in the
    /// millisecond the payment step is reached, so it is on the way to the order, not to the payment step.
    static func log(users: Int = 40) -> [FlowEvent] {
        var script = EventScript()
        for index in 0..<users {
            let control = "A-\(index)", treatment = "B-\(index)"
            script.expose(control, to: "A", at: 0)
            script.show("cart", to: control, at: 0)
            script.show("shipping", to: control, at: 5)
            script.add(.mutation, user: control, at: 9, properties: ["operation": "start_payment"])
            script.show("payment", to: control, at: 9)
            script.add(.mutation, user: control, at: 20, properties: ["operation": "place_order"])
            script.add(.flowCompleted, user: control, at: 20)

            script.expose(treatment, to: "B", at: 0)
            script.show("cart", to: treatment, at: 0)
            // The screen comes before the step's event in this millisecond's lines: it still leads to the next step.
            script.show("shipping_payment", to: treatment, at: 4)
            script.add(.mutation, user: treatment, at: 4, properties: ["operation": "start_payment"])
            script.add(.mutation, user: treatment, at: 15, properties: ["operation": "place_order"])
            script.add(.flowCompleted, user: treatment, at: 15)
        }
        return script.events
    }

    static func report(_ events: [FlowEvent], options: ReportOptions = options) throws -> ExperimentReport {
        try #require(try ReportBuilder.report(events: events, options: options, inputs: ["events.jsonl"]).experiments.first)
    }

    static func approaches(_ report: ExperimentReport, _ variant: String) -> [[String: Double]]? {
        report.arms.first { $0.variant == variant }?.paths?.stepApproaches?.map { approach in
            Dictionary(uniqueKeysWithValues: approach.screens.map { ($0.screen, $0.share) })
        }
    }

    @Test("a screen is on the way to the first step not reached by the end of its millisecond; the step's own screen leads on")
    func screensOnTheWay() throws {
        let report = try Self.report(Self.log())
        #expect(Self.approaches(report, "A") == [[:], ["cart": 1, "shipping": 1], ["payment": 1]])
        #expect(Self.approaches(report, "B") == [[:], ["cart": 1], ["shipping_payment": 1]])
        #expect(report.arms.first?.paths?.stepApproaches?.map(\.users) == [40, 40, 40])
    }

    @Test("no line order within a millisecond, and no shuffling of the log, changes the screens on the way")
    func lineOrder() throws {
        let expected = try Self.report(Self.log())
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5 {
            let shuffled = try Self.report(Self.log().shuffled(using: &generator))
            #expect(shuffled.arms.map(\.paths?.stepApproaches) == expected.arms.map(\.paths?.stepApproaches))
            #expect(shuffled.stepDecompositions == expected.stepDecompositions)
        }
    }

    @Test("only users who reached the step count, and each share is of them")
    func onlyUsersWhoReachedTheStep() throws {
        var script = EventScript()
        for index in 0..<10 {
            let user = "A-\(index)"
            script.expose(user, to: "A", at: 0)
            script.show("cart", to: user, at: 1)
            // Half the users see a help screen and leave; of the others, four see shipping on the way to payment.
            if index < 5 {
                script.show("help", to: user, at: 2)
                continue
            }
            if index < 9 { script.show("shipping", to: user, at: 3) }
            script.add(.mutation, user: user, at: 4, properties: ["operation": "start_payment"])
        }
        let report = try Self.report(script.events)
        let approaches = try #require(report.arms.first?.paths?.stepApproaches)
        #expect(approaches.map(\.users) == [10, 5, 0])
        #expect(approaches[1].screens.map(\.screen) == ["cart", "shipping"])
        #expect(approaches[1].screens.map(\.share) == [1, 0.8])
        #expect(approaches[2].screens.isEmpty)
    }

    @Test("a step is not alike when a screen reaches at least half of one arm's users on the way and fewer than a quarter of the other's; the verdict says which")
    func notAlike() throws {
        let report = try Self.report(Self.log())
        let decomposition = try #require(report.stepDecompositions.first)
        let approaches = decomposition.terms.map(\.approach)
        #expect(approaches.map { $0?.isAlike } == [true, false, false, nil])
        #expect(approaches[1]?.unlikeScreens == [.init(screen: "shipping", treatmentShare: 0, controlShare: 1)])
        #expect(approaches[2]?.unlikeScreens.map(\.screen) == ["payment", "shipping_payment"])
        #expect(report.analysis.verdict.contains(#"B's steps not alike on the way: "pay" (shipping), "order" (payment, shipping_payment)"#))
        let table = TableRenderer(colors: false).render(Report(mode: .report, alpha: 0.05, inputs: [], diagnostics: [], experiments: [report]))
        #expect(table.contains("not alike: shipping 0%/100%"))
    }

    @Test("a log's screen names never make the verdict or the step table long: three screens, each cut, then how many more")
    func boundedWording() throws {
        var script = EventScript()
        let long = String(repeating: "x", count: 10_000)
        for index in 0..<10 {
            for variant in ["A", "B"] {
                let user = "\(variant)-\(index)"
                script.expose(user, to: variant, at: 0)
                script.show("cart", to: user, at: 0)
                if variant == "B" {
                    for screen in 0..<8 { script.show("\(long)\(screen)", to: user, at: 1 + Double(screen)) }
                }
                script.add(.mutation, user: user, at: 20, properties: ["operation": "start_payment"])
            }
        }
        let report = try Self.report(script.events)
        #expect(report.stepDecompositions.first?.terms[1].approach?.unlikeScreens.count == 8)
        #expect(report.analysis.verdict.contains("5 more)"))
        #expect(report.analysis.verdict.count < 1_000)
        let table = TableRenderer(colors: false).render(Report(mode: .report, alpha: 0.05, inputs: [], diagnostics: [], experiments: [report]))
        #expect(table.contains(", 5 more"))
        #expect(!table.contains(String(repeating: "x", count: 1_000)))
    }

    @Test("shares on either side of the thresholds", arguments: [
        (0.5, 0.24, false), (0.5, 0.25, true), (0.49, 0.0, true), (1.0, 0.3, true), (0.0, 0.6, false),
    ])
    func thresholds(treatmentShare: Double, controlShare: Double, isAlike: Bool) throws {
        let treatment = StepApproachReport(step: "s", users: 100, screens: [ScreenUsersReport(screen: "x", users: Int(treatmentShare * 100), share: treatmentShare)])
        let control = StepApproachReport(step: "s", users: 100, screens: [ScreenUsersReport(screen: "x", users: Int(controlShare * 100), share: controlShare)])
        let comparison = try #require(StepApproachComparison(treatment: treatment, control: control))
        #expect(comparison.isAlike == isAlike)
    }

    @Test("a screen that may be among those a long list left out is not judged, and an arm without users of the step compares nothing")
    func unknownShares() {
        let listed = StepApproachReport(step: "s", users: 10, screens: [ScreenUsersReport(screen: "x", users: 10, share: 1)])
        let truncated = StepApproachReport(step: "s", users: 10, screens: [ScreenUsersReport(screen: "y", users: 9, share: 0.9)], otherScreens: 3)
        #expect(StepApproachComparison(treatment: listed, control: truncated)?.unlikeScreens.map(\.screen) == ["y"])
        #expect(StepApproachComparison(treatment: listed, control: StepApproachReport(step: "s", users: 0, screens: [])) == nil)
    }

    @Test("without paths there are no screens on the way, no reading of them and no clause in the verdict")
    func withoutPaths() throws {
        var options = Self.options
        options.topPaths = 0
        let report = try Self.report(Self.log(), options: options)
        #expect(report.stepDecompositions.first?.terms.allSatisfy { $0.approach == nil } == true)
        #expect(!report.analysis.verdict.contains("not alike"))
    }

    @Test("a user shown endless distinct screens keeps a bounded number of them")
    func bounded() {
        var approaches = UserStepApproaches()
        for screen in 0..<10_000 {
            approaches.show(Int32(screen), at: Int64(screen / 3), stepOffsets: [], stepCount: 2)
        }
        var pairs = 0
        approaches.forEachPair(stepOffsets: [], stepCount: 2) { _, _ in pairs += 1 }
        #expect(pairs == UserStepApproaches.maximumPairs)
    }
}
