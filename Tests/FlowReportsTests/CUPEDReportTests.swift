import FlowEvents
@testable import FlowReports
import Testing

/// The report's CUPED (`analysis.cuped`) on a hand-made log, every number set against CUPED computed in the test from
/// each user's raw orders before and after exposure (``CUPEDReference``).
@Suite("Report mode: CUPED adjusts defined metrics by each user's history")
struct CUPEDReportTests {
    /// Whether `actual` is within `tolerance` of `expected`, relative to its magnitude (absolute below 1).
    static func close(_ actual: Double?, _ expected: Double, tolerance: Double = 1e-12) -> Bool {
        guard let actual else { return false }
        return abs(actual - expected) <= tolerance * max(1, abs(expected))
    }

    /// Checks `report` against `expected`, every number the comparison and its `cuped` carry.
    static func check(_ report: MetricComparisonReport, against expected: CUPEDReference, lookbackDays: Int = 14) throws {
        let cuped = try #require(report.cuped)
        #expect(cuped.lookbackDays == lookbackDays)
        #expect(cuped.unavailable == nil)
        #expect(close(cuped.theta, expected.theta), "θ \(String(describing: cuped.theta)) against \(expected.theta)")
        #expect(close(report.difference, expected.difference), "difference \(String(describing: report.difference)) against \(expected.difference)")
        #expect(close(report.interval?.lower, expected.interval.lower) && close(report.interval?.upper, expected.interval.upper),
                "interval \(String(describing: report.interval)) against \(expected.interval)")
        #expect(close(report.pValue, expected.pValue, tolerance: 1e-10), "p \(report.pValue) against \(expected.pValue)")
        #expect(close(report.relativeDifference, expected.relativeDifference))
        #expect(close(report.relativeInterval?.lower, expected.relativeInterval.lower)
            && close(report.relativeInterval?.upper, expected.relativeInterval.upper))
        #expect(close(cuped.varianceReduction, expected.varianceReduction),
                "variance reduction \(String(describing: cuped.varianceReduction)) against \(expected.varianceReduction)")
        #expect(close(cuped.preExposureDifference, expected.preExposureDifference))
        #expect(close(cuped.preExposurePValue, expected.preExposurePValue, tolerance: 1e-10))
        #expect(cuped.isImbalanced == false)
        // The arms' values stay their own, unadjusted.
        #expect(close(report.controlMean, expected.means[0]) && close(report.treatmentMean, expected.means[1]))
    }

    @Test("a mean: θ pooled over both arms, the adjusted difference, its standard error and p-value as computed from each user's orders")
    func mean() throws {
        let log = CUPEDLog.correlated
        let orders = try #require(try log.metrics(["orders", "revenue"], lookbackDays: 14)["orders"])
        let expected = CUPEDReference(arms: log.values { Double($0.count) }, binary: false)
        try Self.check(orders, against: expected)
        // The hand-made users' orders before and after exposure correlate at 0.82: θ 0.6916, the difference 0.6636
        // orders (0.75 unadjusted) with a standard error of 0.3272 (0.6196), the variance 72.1% smaller.
        #expect(abs(expected.theta - 0.691589) < 1e-6, "\(expected.theta)")
        #expect(abs(expected.difference - 0.663551) < 1e-6 && abs(expected.standardError - 0.327212) < 1e-6)
        #expect(abs(expected.varianceReduction - 0.721125) < 1e-6, "\(expected.varianceReduction)")
        let revenue = try #require(try log.metrics(["revenue"], lookbackDays: 14)["revenue"])
        try Self.check(revenue, against: CUPEDReference(arms: log.values { $0.reduce(0, +) }, binary: false))
    }

    @Test("a proportion: the metric and its covariate 0 or 1, their variances p(1 − p), as computed from each user's orders")
    func proportion() throws {
        let log = CUPEDLog.correlated
        let buyers = try #require(try log.metrics(["buyers"], lookbackDays: 14)["buyers"])
        let expected = CUPEDReference(arms: log.values { $0.isEmpty ? 0 : 1 }, binary: true)
        try Self.check(buyers, against: expected)
        #expect(expected.varianceReduction > 0, "\(expected.varianceReduction)")
    }

    @Test("a ratio of two adjusted sides gives a finite adjustment that narrows the interval; a quantile is left unadjusted with a note")
    func ratioAndQuantile() throws {
        let log = CUPEDLog.correlated
        let options = try CUPEDLog.options(metrics: ["order-value", "median-order"], lookbackDays: 14)
        let report = try ReportBuilder.report(events: log.events, options: options, inputs: [])
        let experiment = try #require(report.experiments.first)
        let ratio = try #require(experiment.metrics.first { $0.metric == "order-value" })
        let cuped = try #require(ratio.cuped)
        let theta = try #require(cuped.theta)
        let reduction = try #require(cuped.varianceReduction)
        #expect(theta.isFinite && theta != 0)
        #expect(reduction >= 0 && reduction < 1, "\(reduction)")
        #expect(ratio.difference?.isFinite == true && ratio.interval.map { $0.lower < $0.upper } == true)
        // The arms' own ratios: revenue over orders.
        let control = log.users.filter { $0.variant == "A" }.flatMap(\.after)
        #expect(Self.close(ratio.controlMean, control.reduce(0, +) / Double(control.count)))
        let median = try #require(experiment.metrics.first { $0.metric == "median-order" })
        #expect(median.cuped == nil)
        #expect(experiment.notes.contains("CUPED adjusts proportions, means and ratios only: median-order compared unadjusted"))
    }

    @Test("users without history have covariate 0 and stay in the arm; with nobody's history θ = 0 and the comparison is the unadjusted one")
    func withoutHistory() throws {
        let log = CUPEDLog.correlated.withoutHistory
        for metric in ["orders", "buyers", "revenue", "order-value"] {
            let adjusted = try #require(try log.metrics([metric], lookbackDays: 14)[metric])
            let unadjusted = try #require(try log.metrics([metric], lookbackDays: nil)[metric])
            #expect(unadjusted.cuped == nil)
            let cuped = try #require(adjusted.cuped, "\(metric)")
            #expect(cuped.theta == 0, "\(metric)")
            #expect(cuped.varianceReduction == 0, "\(metric)")
            // Nobody's history: the arms' covariates are all 0, a ratio of them 0/0, which has no value.
            #expect(cuped.preExposureDifference == (metric == "order-value" ? nil : 0) && cuped.isImbalanced == false, "\(metric)")
            #expect(adjusted.treatmentUsers == 8 && adjusted.controlUsers == 8)
            // Said, never silently 0: no user had history, so the comparison is the one without CUPED.
            #expect(cuped.treatmentUsersWithHistory == 0 && cuped.controlUsersWithHistory == 0, "\(metric)")
            #expect(ExperimentReport.cupedNote(cuped, users: 16)
                == "CUPED: no user had history in the 14-day lookback, so it is the comparison without CUPED", "\(metric)")
            var stripped = adjusted
            stripped.cuped = nil
            if metric == "order-value" {
                // The ratio's delta method runs through the 4×4 matrix of the adjusted ratio: equal to rounding.
                let interval = try #require(unadjusted.interval)
                let difference = try #require(unadjusted.difference)
                #expect(Self.close(adjusted.pValue, unadjusted.pValue) && Self.close(adjusted.difference, difference))
                #expect(Self.close(adjusted.interval?.lower, interval.lower) && Self.close(adjusted.interval?.upper, interval.upper))
            } else {
                #expect(stripped == unadjusted, "\(metric)")
            }
        }
        // Some users with history and some without: those without count with covariate 0 (b3, b7, a1, a5 here).
        let partial = CUPEDLog(users: CUPEDLog.correlated.users.map { user in
            var user = user
            if ["a2", "b2"].contains(user.id) { user.history = [] }
            return user
        })
        let orders = try #require(try partial.metrics(["orders"], lookbackDays: 14)["orders"])
        try Self.check(orders, against: CUPEDReference(arms: partial.values { Double($0.count) }, binary: false))
        let withHistory = partial.users.filter { !$0.history.isEmpty }
        #expect(orders.cuped?.treatmentUsersWithHistory == withHistory.filter { $0.variant == "B" }.count)
        #expect(orders.cuped?.controlUsersWithHistory == withHistory.filter { $0.variant == "A" }.count)
        let share = ReportNumberFormat.percent(Double(withHistory.count) / 16)
        #expect(orders.cuped.map { ExperimentReport.cupedNote($0, users: 16) }?.contains("θ ") == true)
        #expect(orders.cuped.map { ExperimentReport.cupedNote($0, users: 16) }?.contains(", history for \(share) of users)") == true)
    }

    @Test("the Bayesian engine reads the adjusted arms: a finite chance to win")
    func bayesian() throws {
        let orders = try #require(try CUPEDLog.correlated.metrics(["orders"], lookbackDays: 14, engine: .bayesian)["orders"])
        let chance = try #require(orders.bayesian?.chanceToWin)
        #expect(chance > 0 && chance < 1)
        #expect(orders.cuped?.theta != nil)
    }

    @Test("a history beyond the largest number makes the metric untestable (value_beyond_range), never a crash")
    func historyBeyondRange() throws {
        var log = CUPEDLog.correlated
        log.users[1].history = [1e308, 1e308]
        let revenue = try #require(try log.metrics(["revenue"], lookbackDays: 14)["revenue"])
        #expect(revenue.limitation == .valueBeyondRange)
        #expect(revenue.cuped?.theta == nil && revenue.cuped?.varianceReduction == nil)
        #expect(revenue.pValue == 1)
    }

    @Test("the report is the same whatever the order of the log's lines")
    func orderFree() throws {
        let log = CUPEDLog.correlated
        let options = try CUPEDLog.options(metrics: ["orders", "buyers", "order-value"], lookbackDays: 14)
        let ordered = try ReportBuilder.report(events: log.events, options: options, inputs: [])
        let reversed = try ReportBuilder.report(events: log.events.reversed(), options: options, inputs: [])
        #expect(reversed.experiments.first?.metrics == ordered.experiments.first?.metrics)
    }
}
