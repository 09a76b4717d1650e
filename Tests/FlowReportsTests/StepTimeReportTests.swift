import FlowEvents
@testable import FlowReports
import Foundation
import SeededRandom
import Testing

/// The report's step times on a log whose per-user gaps are set by hand.
@Suite("The report compares each step's time per user between treatment and control")
struct StepTimeReportTests {
    /// Control (A) users take 1…10 s from welcome to signup, treatment (B) users 4…13 s; both reach welcome 2 s after
    /// exposure. 100 users an arm, ten of each gap.
    static func log() -> [FlowEvent] {
        var script = EventScript()
        for (variant, extra) in [("A", 0.0), ("B", 3.0)] {
            for index in 0..<100 {
                let user = "\(variant)-\(index)"
                script.expose(user, to: variant, at: 0)
                script.show("welcome", to: user, at: 2)
                script.show("signup", to: user, at: 2 + Double(index % 10 + 1) + extra)
            }
        }
        return script.events
    }

    static var gapsOfA: [Double] { (0..<100).map { Double($0 % 10 + 1) } }

    static func report() throws -> Report {
        try ReportBuilder.report(events: log(), options: StepDecompositionReportTests.options, inputs: ["events.jsonl"])
    }

    @Test("the JSON carries each step's medians and means of the per-user gaps, their differences and intervals, corrected across every step's median and mean")
    func exactInJSON() throws {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONRenderer().render(try Self.report()).utf8)) as? [String: Any])
        let experiment = try #require((json["experiments"] as? [[String: Any]])?.first)
        let times = try #require((experiment["step_times"] as? [[String: Any]])?.first)
        #expect(times["variant"] as? String == "B" && times["control"] as? String == "A" && times["correction"] as? String == "holm")
        #expect(times["unavailable"] == nil)
        let steps = try #require(times["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["welcome", "signup"])
        #expect(steps.map { $0["treatment_users"] as? Int } == [100, 100])
        let signup = steps[1]
        let median = try #require(signup["median"] as? [String: Any])
        let mean = try #require(signup["mean"] as? [String: Any])
        // Nearest-rank medians of 1…10 (ten each) and 4…13: the 50th of 100 values.
        #expect(median["control_seconds"] as? Double == 5 && median["treatment_seconds"] as? Double == 8)
        #expect(median["difference"] as? Double == 3)
        #expect(mean["control_seconds"] as? Double == 5.5 && mean["treatment_seconds"] as? Double == 8.5)
        #expect(mean["difference"] as? Double == 3)
        #expect(median["found"] as? Bool == true && mean["found"] as? Bool == true)

        // The same statistics computed from the known gaps, and Holm's correction across the four p-values.
        let settings = ComparisonSettings()
        let expected = StepTimeComparison.compare(
            treatment: [StepGapSample(gaps: Array(repeating: 2, count: 100)), StepGapSample(gaps: Self.gapsOfA.map { $0 + 3 })],
            control: [StepGapSample(gaps: Array(repeating: 2, count: 100)), StepGapSample(gaps: Self.gapsOfA)],
            settings: settings, correction: .holm
        )
        let adjusted = HolmCorrection.adjust(expected.flatMap { [$0.median.pValue, $0.mean.pValue] })
        let meanEffect = try #require(expected[1].mean.absolute)
        let meanInterval = try #require(mean["interval"] as? [String: Double])
        #expect(meanInterval["lower"] == meanEffect.interval?.lower && meanInterval["upper"] == meanEffect.interval?.upper)
        #expect(mean["p_value"] as? Double == meanEffect.pValue)
        #expect(mean["adjusted_p_value"] as? Double == adjusted[3])
        let medianInterval = try #require(median["interval"] as? [String: Double])
        #expect(medianInterval["lower"] == expected[1].median.absolute?.interval?.lower)
        #expect(median["adjusted_p_value"] as? Double == adjusted[2])
        // The corrected interval is the raw one widened by z(p)/z(p̃), never narrower, and excludes 0 as the test finds.
        let adjustedMean = try #require(mean["adjusted_interval"] as? [String: Double])
        let pValue = try #require(meanEffect.pValue)
        let widening = max(1, NormalDistribution.quantile(max(pValue, .leastNormalMagnitude) / 2)
            / NormalDistribution.quantile(adjusted[3] / 2))
        let lower = try #require(meanEffect.interval?.lower)
        #expect(abs((adjustedMean["lower"] ?? .nan) - (3 - (3 - lower) * widening)) < 1e-9)
        #expect((adjustedMean["lower"] ?? 0) > 0)
        // Welcome is reached 2 s after exposure by everyone: no variance, nothing tested, nothing found.
        let welcome = try #require(steps[0]["mean"] as? [String: Any])
        #expect(welcome["found"] as? Bool == false && welcome["limitation"] as? String == "no_variance")
    }

    @Test("the reference mean interval is Welch's: an independent computation agrees")
    func welchByHand() throws {
        let report = try Self.report()
        let mean = try #require(report.experiments.first?.stepTimes.first?.steps[1].mean)
        // Both arms have variance 8.25 · 100/99 over 100 users: df = 198, t(0.975, 198) = 1.9720174778.
        let variance = 8.25 * 100 / 99
        let halfWidth = 1.9720174778 * (2 * variance / 100).squareRoot()
        #expect(abs((mean.interval?.lower ?? .nan) - (3 - halfWidth)) < 1e-6)
        #expect(abs((mean.interval?.upper ?? .nan) - (3 + halfWidth)) < 1e-6)
    }

    @Test("every format shows the step times: a table under the step table, Markdown, HTML and CSV columns")
    func everyFormat() throws {
        let report = try Self.report()
        let table = TableRenderer(colors: false).render(report)
        #expect(table.contains("slower (median, mean)"))
        #expect(table.contains("medians of these per-user gaps"))
        let markdown = MarkdownRenderer().render(report)
        #expect(markdown.contains("### Step times"))
        #expect(try #require(markdown.range(of: "### Step by step")).lowerBound < (try #require(markdown.range(of: "### Step times")).lowerBound))
        #expect(HTMLRenderer().render(report).contains("<h3>Step times</h3>"))
        let csv = CSVRenderer().render(report).split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let difference = try #require(CSVRenderer.columns.firstIndex(of: "step_time_median_difference"))
        let reading = try #require(CSVRenderer.columns.firstIndex(of: "step_time_reading"))
        let signupOfB = try #require(csv.first { $0[1] == "B" && $0[8] == "signup" })
        #expect(signupOfB[difference] == "3.0")
        #expect(signupOfB[reading] == "median_slower;mean_slower")
        #expect(csv.first { $0[1] == "A" && $0[8] == "signup" }?[reading] == "")
    }

    @Test("a report from counts without step_gap rows (an older query's) says step times are unavailable in every format, never zeros")
    func unavailableFromCounts() throws {
        let olderQuery = AggregateCountsFileTests.definedMetricCounts + "shop,A,step,1,,,1500,1\n"
        let file = try AggregateCountsFile(text: olderQuery, path: "counts.csv")
        let report = try ReportBuilder.report(
            fromCounts: file, options: DefinedMetricTests.options(metrics: AggregateCountsFileTests.definedMetrics), inputs: []
        )
        let times = try #require(report.experiments.first?.stepTimes.first)
        #expect(times.unavailable == "unavailable_from_counts" && times.steps.isEmpty)
        for format in ReportFormat.allCases where format != .json && format != .csv {
            #expect(format.renderer(colors: false).render(report).contains("step times unavailable from counts"), "\(format)")
        }
        #expect(JSONRenderer().render(report).contains("\"unavailable\" : \"unavailable_from_counts\""))
        let csv = CSVRenderer().render(report)
        let hasSteps = report.experiments.first?.arms.contains { !$0.steps.isEmpty } == true
        #expect(!hasSteps || csv.contains("unavailable_from_counts"))
    }

    @Test("gaps counted by an engine, users per millisecond, give the step-time sample of the gaps one per user", arguments: 0..<100)
    func countedGaps(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let gaps = (0..<Int.random(in: 0...300, using: &random)).map { _ in
            Int64.random(in: 0...(Bool.random(using: &random) ? 50 : 3_600_000), using: &random)
        }
        let counted = Dictionary(gaps.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(StepGapSample(usersByMilliseconds: counted) == StepGapSample(gaps: gaps.map { Double($0) / 1_000 }))
    }

    @Test("step_gap rows that count other users than the step's rows are an error at the step's first row")
    func gapsOfOtherUsers() throws {
        let text = AggregateCountsFileTests.definedMetricCounts + "shop,A,step,1,,,1500,1\nshop,A,step_gap,1,,,1500,2\n"
        let file = try AggregateCountsFile(text: text, path: "counts.csv")
        #expect {
            _ = try ReportBuilder.report(fromCounts: file, options: DefinedMetricTests.options(metrics: AggregateCountsFileTests.definedMetrics), inputs: [])
        } throws: { error in
            "\(error)".contains("users reaching step 1 of experiment \"shop\": 1 in its step rows, 2 in its step_gap rows")
        }
    }
}
