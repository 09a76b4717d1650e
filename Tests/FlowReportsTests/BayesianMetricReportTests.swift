import FlowEvents
@testable import FlowReports
import Testing

/// Under the Bayesian engine, a defined metric's comparison carries exactly what ``BayesianComparison`` gives for the
/// same arm statistics, and its significance follows the chance to win.
@Suite("Report mode: Bayesian readings of metrics a team defines")
struct BayesianMetricReportTests {
    static func revenue(engine: AnalysisEngine?, planEngine: AnalysisEngine = .frequentist, prior: BayesianPrior = .improper) throws -> MetricComparisonReport {
        var options = DefinedMetricTests.options(metrics: ["revenue"])
        options.experiments["shop"]?.engine = planEngine
        options.experiments["shop"]?.prior = prior
        options.engine = engine
        let report = try ReportBuilder.report(events: DefinedMetricTests.log, options: options, inputs: [])
        return try #require(report.experiments.first?.metrics.first { $0.metric == "revenue" })
    }

    /// Revenue per user, as worked out in ``DefinedMetricTests``: A 100, 0, 15; B 40, 200.
    static let control = MeanArmStatistic(values: [100, 0, 15])
    static let treatment = MeanArmStatistic(values: [40, 200])

    @Test("the improper prior: the reading equals BayesianComparison's absolute difference")
    func improper() throws {
        let report = try Self.revenue(engine: .bayesian)
        let expected = BayesianComparison(treatment: Self.treatment, control: Self.control, settings: BayesianSettings())
        #expect(report.bayesian == BayesianMetricReading(expected.absolute, prior: .improper))
        let effect = try #require(expected.absolute.effect)
        #expect(report.bayesian?.chanceToWin == effect.chanceToWin)
        #expect(report.bayesian?.prior == nil)
        #expect(report.isSignificant == (effect.chanceToWin >= 0.95 || effect.chanceToWin <= 0.05))
    }

    @Test("a proper prior from the plan is used and stated; the option overrides the plan's engine")
    func properPrior() throws {
        let prior = try BayesianPrior(mean: 0, standardDeviation: 0.3)
        let report = try Self.revenue(engine: nil, planEngine: .bayesian, prior: prior)
        let expected = BayesianComparison(treatment: Self.treatment, control: Self.control, settings: BayesianSettings(prior: prior))
        #expect(report.bayesian?.chanceToWin == expected.absolute.effect?.chanceToWin)
        #expect(report.bayesian?.prior == BayesianMetricReading.Prior(mean: 0, stddev: 0.3))
        #expect(try Self.revenue(engine: .frequentist, planEngine: .bayesian, prior: prior).bayesian == nil)
        #expect(try Self.revenue(engine: nil).bayesian == nil)
    }
}
