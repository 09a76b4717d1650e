import FlowEvents
@testable import FlowReports
import Testing

/// A metric's own `cuped` over its experiment's `analysis.cuped`: each metric is adjusted over the lookback it asks
/// for, checked against CUPED computed in the test from each user's raw orders (``CUPEDReference``).
@Suite("Report mode: a metric's own CUPED lookback overrides the experiment's")
struct MetricRegressionAdjustmentTests {
    static let log = CUPEDLog.correlated

    /// `definition` under another id, with its own CUPED setting.
    static func variant(of id: String, as newID: String, adjustment: MetricRegressionAdjustment?) throws -> MetricDefinition {
        var definition = try #require(DefinedMetricTests.definitions[id])
        definition.id = newID
        definition.name = newID
        definition.regressionAdjustment = adjustment
        return definition
    }

    /// The report's comparisons of `metrics` in `shop`, with `definitions` besides the usual ones and the experiment
    /// adjusted over `lookbackDays` when given.
    static func metrics(
        _ metrics: [String], definitions: [MetricDefinition], lookbackDays: Int?
    ) throws -> (comparisons: [String: MetricComparisonReport], notes: [String]) {
        var options = try CUPEDLog.options(metrics: metrics, lookbackDays: lookbackDays)
        for definition in definitions { options.experiments[CUPEDLog.experiment]?.metricDefinitions[definition.id] = definition }
        let report = try ReportBuilder.report(events: log.events, options: options, inputs: [])
        let experiment = try #require(report.experiments.first)
        return (Dictionary(experiment.metrics.map { ($0.metric, $0) }, uniquingKeysWith: { first, _ in first }), experiment.notes)
    }

    /// The UTC day of `seconds` after ``EventScript/origin``.
    static func day(_ seconds: Double) -> Int64 {
        let milliseconds = EventScript.origin + Int64(seconds * 1000)
        return milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
    }

    /// Per arm, each user's value after exposure and covariate of `measure` over a lookback of `lookbackDays`: the
    /// orders on the exposure's UTC day or the `lookbackDays` UTC days before it (docs/Statistics.md).
    static func values(lookbackDays: Int, _ measure: ([Double]) -> Double) -> [(x: [Double], covariate: [Double])] {
        ["A", "B"].map { variant in
            let arm = log.users.filter { $0.variant == variant }
            return (arm.map { measure($0.after) }, arm.map { user in
                let kept = user.history.enumerated().filter { index, _ in
                    let seconds = user.exposedAt - Double(2 * index + 1) * CUPEDLog.day - 7_200
                    return day(seconds) >= day(user.exposedAt) - Int64(lookbackDays)
                }
                return measure(kept.map(\.element))
            })
        }
    }

    @Test("a metric with its own lookback reads its covariate over it; the experiment's lookback applies to the others")
    func ownLookback() throws {
        let recent = try Self.variant(of: "orders", as: "recent-orders", adjustment: .lookback(RegressionAdjustmentSettings(lookbackDays: 3)))
        let (comparisons, _) = try Self.metrics(["orders", "recent-orders"], definitions: [recent], lookbackDays: 14)
        let orders = try #require(comparisons["orders"])
        try CUPEDReportTests.check(orders, against: CUPEDReference(arms: Self.values(lookbackDays: 14) { Double($0.count) }, binary: false))
        let recentOrders = try #require(comparisons["recent-orders"])
        let expected = CUPEDReference(arms: Self.values(lookbackDays: 3) { Double($0.count) }, binary: false)
        try CUPEDReportTests.check(recentOrders, against: expected, lookbackDays: 3)
        // Three days keep only the orders one and three days back: a different covariate, so a different θ.
        #expect(abs((orders.cuped?.theta ?? 0) - (recentOrders.cuped?.theta ?? 0)) > 0.01)
    }

    @Test("a metric asks for CUPED when the experiment does not, and the experiment's other metrics stay unadjusted")
    func withoutExperimentDefault() throws {
        let adjusted = try Self.variant(of: "revenue", as: "adjusted-revenue", adjustment: .lookback(RegressionAdjustmentSettings(lookbackDays: 14)))
        let (comparisons, notes) = try Self.metrics(["adjusted-revenue", "orders", "median-order"], definitions: [adjusted], lookbackDays: nil)
        let revenue = try #require(comparisons["adjusted-revenue"])
        try CUPEDReportTests.check(revenue, against: CUPEDReference(arms: Self.values(lookbackDays: 14) { $0.reduce(0, +) }, binary: false))
        #expect(comparisons["orders"]?.cuped == nil)
        #expect(comparisons["median-order"]?.cuped == nil)
        // Nothing asked the quantile to be adjusted, so there is nothing to explain.
        #expect(!notes.contains { $0.hasPrefix("CUPED") }, "\(notes)")
    }

    @Test("`false` compares a metric unadjusted, exactly as a report without CUPED does, while the others are adjusted")
    func optedOut() throws {
        let unadjusted = try Self.variant(of: "buyers", as: "plain-buyers", adjustment: .off)
        let (comparisons, notes) = try Self.metrics(["plain-buyers", "buyers"], definitions: [unadjusted], lookbackDays: 14)
        let plain = try #require(comparisons["plain-buyers"])
        #expect(plain.cuped == nil)
        let (withoutCUPED, _) = try Self.metrics(["plain-buyers"], definitions: [unadjusted], lookbackDays: nil)
        let reference = try #require(withoutCUPED["plain-buyers"])
        #expect(plain.difference == reference.difference && plain.pValue == reference.pValue)
        #expect(plain.interval?.lower == reference.interval?.lower && plain.interval?.upper == reference.interval?.upper)
        #expect(comparisons["buyers"]?.cuped?.lookbackDays == 14)
        #expect(!notes.contains { $0.hasPrefix("CUPED") }, "\(notes)")
    }

    @Test("a ratio's own lookback covers both its sides")
    func ratio() throws {
        let ratio = try Self.variant(of: "order-value", as: "recent-order-value", adjustment: .lookback(RegressionAdjustmentSettings(lookbackDays: 3)))
        let (comparisons, _) = try Self.metrics(["order-value", "recent-order-value"], definitions: [ratio], lookbackDays: 14)
        let long = try #require(comparisons["order-value"]?.cuped)
        let short = try #require(comparisons["recent-order-value"]?.cuped)
        #expect(long.lookbackDays == 14 && short.lookbackDays == 3)
        let (theta, shortTheta) = (try #require(long.theta), try #require(short.theta))
        #expect(theta.isFinite && shortTheta.isFinite && theta != shortTheta)
        // The arms' own ratios do not depend on the lookback.
        #expect(comparisons["order-value"]?.controlMean == comparisons["recent-order-value"]?.controlMean)
    }
}
