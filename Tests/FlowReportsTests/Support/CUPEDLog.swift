import FlowEvents
@testable import FlowReports
import Testing

/// Logs for the report's CUPED: users who order before their exposure (their history) and after it, with the
/// options of an experiment `shop` whose metrics are the orders' (``DefinedMetricTests/definitions``) within a
/// one-hour window, adjusted over a lookback when asked.
struct CUPEDLog {
    /// One user: their arm, when they were exposed, and the amounts of their orders.
    struct User {
        var id: String
        var variant: String
        /// Seconds after ``EventScript/origin`` of the exposure.
        var exposedAt: Double
        /// Orders inside the lookback before exposure, one every two days back from a day and two hours before it.
        var history: [Double]
        /// Orders within the window after exposure.
        var after: [Double]
        /// Orders the report must not count: seconds relative to the exposure (before the lookback or after the
        /// window) and amount.
        var ignored: [(seconds: Double, amount: Double)] = []
        /// Whether the user is shown the cart, the funnel's step, 30 s after exposure.
        var seesCart = false
    }

    static let experiment = "shop"
    static let day = 86_400.0
    /// The window after exposure, in seconds.
    static let windowSeconds = 3_600

    var users: [User]

    /// The options of `shop` measuring `metrics` (ids of ``DefinedMetricTests/definitions``), adjusted over
    /// `lookbackDays` when given.
    static func options(metrics: [String], lookbackDays: Int?, engine: AnalysisEngine? = nil) throws -> ReportOptions {
        var plan = ExperimentAnalysisPlan(
            variations: ["A", "B"],
            funnel: FunnelDefinition(steps: [FunnelStep(name: "cart", matcher: .screenShown("cart"))],
                                     conversionWindowSeconds: windowSeconds, goal: EventMatcher(type: .flowCompleted)),
            secondaryMetrics: metrics, metricDefinitions: DefinedMetricTests.definitions
        )
        plan.regressionAdjustment = try lookbackDays.map { try RegressionAdjustmentSettings(lookbackDays: $0) }
        return ReportOptions(experiments: [experiment: plan], engine: engine)
    }

    /// An order of `amount` by `user`, `seconds` after the origin.
    static func order(_ user: String, at seconds: Double, amount: Double, into script: inout EventScript) {
        script.add(.mutation, user: user, at: seconds,
                   properties: ["operation": "place_order", "outcome": "succeeded", "amount": String(amount)])
    }

    /// Every user's orders and exposure, each user's in time order.
    var events: [FlowEvent] {
        var script = EventScript()
        for user in users {
            var orders = user.history.enumerated().map { index, amount in
                (seconds: user.exposedAt - Double(2 * index + 1) * Self.day - 7_200, amount: amount)
            }
            orders += user.after.enumerated().map { index, amount in (seconds: user.exposedAt + Double(60 * (index + 1)), amount: amount) }
            orders += user.ignored.map { (seconds: user.exposedAt + $0.seconds, amount: $0.amount) }
            orders.sort { $0.seconds < $1.seconds }
            var exposed = false
            func expose() {
                script.expose(user.id, to: user.variant, in: Self.experiment, at: user.exposedAt)
                if user.seesCart { script.show("cart", to: user.id, at: user.exposedAt + 30) }
                exposed = true
            }
            for order in orders {
                if !exposed, order.seconds >= user.exposedAt { expose() }
                Self.order(user.id, at: order.seconds, amount: order.amount, into: &script)
            }
            if !exposed { expose() }
        }
        return script.events
    }

    /// The log without any history: the same users and orders after exposure.
    var withoutHistory: CUPEDLog {
        CUPEDLog(users: users.map { user in
            var user = user
            user.history = []
            user.ignored = user.ignored.filter { $0.seconds > 0 }
            return user
        })
    }

    /// The report's comparisons of `metrics` with the log's users, by metric id.
    func metrics(_ metrics: [String], lookbackDays: Int?, engine: AnalysisEngine? = nil) throws -> [String: MetricComparisonReport] {
        let report = try ReportBuilder.report(events: events, options: Self.options(metrics: metrics, lookbackDays: lookbackDays, engine: engine), inputs: [])
        let experiment = try #require(report.experiments.first)
        return Dictionary(experiment.metrics.map { ($0.metric, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Per arm (control A first), each user's value after exposure and covariate of `measure`, from the users' raw
    /// orders.
    func values(_ measure: ([Double]) -> Double) -> [(x: [Double], covariate: [Double])] {
        ["A", "B"].map { variant in
            let arm = users.filter { $0.variant == variant }
            return (arm.map { measure($0.after) }, arm.map { measure($0.history) })
        }
    }

    /// Eight users per arm whose orders before exposure go with their orders after it; B orders a little more.
    /// a1's order 20 days before exposure is before the lookback, a8's two hours after it beyond the window.
    static let correlated = CUPEDLog(users: [
        User(id: "a1", variant: "A", exposedAt: 0, history: [], after: [], ignored: [(-20 * day, 50)]),
        User(id: "a2", variant: "A", exposedAt: 25_200, history: [10], after: [12]),
        User(id: "a3", variant: "A", exposedAt: 50_400, history: [10, 20], after: [15]),
        User(id: "a4", variant: "A", exposedAt: 75_600, history: [5, 5, 30], after: [20, 10]),
        User(id: "a5", variant: "A", exposedAt: 100_800, history: [], after: [8]),
        User(id: "a6", variant: "A", exposedAt: 126_000, history: [40, 10, 10, 20], after: [30, 25, 5]),
        User(id: "a7", variant: "A", exposedAt: 151_200, history: [15], after: []),
        User(id: "a8", variant: "A", exposedAt: 176_400, history: [25, 5], after: [10, 30], ignored: [(7_200, 99)]),
        User(id: "b1", variant: "B", exposedAt: 3_600, history: [10], after: [20, 15]),
        User(id: "b2", variant: "B", exposedAt: 28_800, history: [10, 10], after: [12, 18]),
        User(id: "b3", variant: "B", exposedAt: 54_000, history: [], after: []),
        User(id: "b4", variant: "B", exposedAt: 79_200, history: [30, 5, 5], after: [20, 20, 10, 5]),
        User(id: "b5", variant: "B", exposedAt: 104_400, history: [10, 20, 10, 40, 5], after: [30, 30, 20, 10]),
        User(id: "b6", variant: "B", exposedAt: 129_600, history: [20, 20], after: [25]),
        User(id: "b7", variant: "B", exposedAt: 154_800, history: [], after: [9]),
        User(id: "b8", variant: "B", exposedAt: 180_000, history: [12], after: [11, 14]),
    ])
}

/// CUPED computed in the test from each user's value and covariate, by the formulas docs/Statistics.md states
/// (gbstats 0.8.0), two-pass, with nothing of the code under test but Student's t.
struct CUPEDReference {
    var theta: Double
    /// Each arm's `x̄ − θ·x̄_pre`, control first.
    var adjustedMeans: [Double]
    /// Each arm's own mean `x̄`, control first.
    var means: [Double]
    var difference: Double
    var standardError: Double
    var degreesOfFreedom: Double
    var interval: (lower: Double, upper: Double)
    var pValue: Double
    var relativeDifference: Double
    var relativeInterval: (lower: Double, upper: Double)
    /// 1 − the adjusted difference's squared standard error over the unadjusted one's.
    var varianceReduction: Double
    /// Treatment's mean covariate minus control's, and Welch's p-value of it.
    var preExposureDifference: Double
    var preExposurePValue: Double

    static func mean(_ values: [Double]) -> Double {
        values.reduce(0, +) / Double(values.count)
    }

    /// The sample covariance, denominator n − 1.
    static func covariance(_ a: [Double], _ b: [Double]) -> Double {
        let (meanA, meanB) = (mean(a), mean(b))
        return zip(a, b).map { ($0 - meanA) * ($1 - meanB) }.reduce(0, +) / Double(a.count - 1)
    }

    /// p(1 − p) for a 0-or-1 variable, the sample variance otherwise.
    static func variance(_ values: [Double], binary: Bool) -> Double {
        binary ? mean(values) * (1 - mean(values)) : covariance(values, values)
    }

    /// (Welch's degrees of freedom, its two-sided critical value at alpha 0.05) for squared errors a = s²T/nT and
    /// b = s²C/nC.
    static func welch(_ a: Double, _ b: Double, counts: (Int, Int)) -> (degrees: Double, critical: Double) {
        let degrees = (a + b) * (a + b) / (a * a / Double(counts.0 - 1) + b * b / Double(counts.1 - 1))
        return (degrees, StudentTDistribution.twoSidedCriticalValue(0.05, degreesOfFreedom: degrees))
    }

    /// The comparison of `arms` (control first), each user's value `x` and covariate, binary for a proportion.
    init(arms: [(x: [Double], covariate: [Double])], binary: Bool) {
        let pooledX = arms[0].x + arms[1].x
        let pooledCovariate = arms[0].covariate + arms[1].covariate
        theta = Self.covariance(pooledX, pooledCovariate) / Self.variance(pooledCovariate, binary: binary)
        let theta = theta
        means = arms.map { Self.mean($0.x) }
        adjustedMeans = arms.map { Self.mean($0.x) - theta * Self.mean($0.covariate) }
        let adjustedShares = arms.map { arm in
            (Self.variance(arm.x, binary: binary) + theta * theta * Self.variance(arm.covariate, binary: binary)
                - 2 * theta * Self.covariance(arm.x, arm.covariate)) / Double(arm.x.count)
        }
        let unadjustedShares = arms.map { Self.variance($0.x, binary: binary) / Double($0.x.count) }
        let counts = (arms[1].x.count, arms[0].x.count)
        difference = adjustedMeans[1] - adjustedMeans[0]
        standardError = (adjustedShares[1] + adjustedShares[0]).squareRoot()
        let (degrees, critical) = Self.welch(adjustedShares[1], adjustedShares[0], counts: counts)
        degreesOfFreedom = degrees
        interval = (difference - critical * standardError, difference + critical * standardError)
        pValue = StudentTDistribution.twoSidedSurvival(difference / standardError, degreesOfFreedom: degrees)
        relativeDifference = difference / means[0]
        let relativeError = (adjustedShares[1] / (means[0] * means[0])
            + adjustedShares[0] * means[1] * means[1] / (means[0] * means[0] * means[0] * means[0])).squareRoot()
        relativeInterval = (relativeDifference - critical * relativeError, relativeDifference + critical * relativeError)
        varianceReduction = 1 - (adjustedShares[0] + adjustedShares[1]) / (unadjustedShares[0] + unadjustedShares[1])
        let covariateShares = arms.map { Self.variance($0.covariate, binary: binary) / Double($0.covariate.count) }
        preExposureDifference = Self.mean(arms[1].covariate) - Self.mean(arms[0].covariate)
        let covariateWelch = Self.welch(covariateShares[1], covariateShares[0], counts: counts)
        preExposurePValue = StudentTDistribution.twoSidedSurvival(
            preExposureDifference / (covariateShares[0] + covariateShares[1]).squareRoot(), degreesOfFreedom: covariateWelch.degrees
        )
    }
}
