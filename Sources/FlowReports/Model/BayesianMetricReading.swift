/// The Bayesian reading of one metric comparison (``MetricComparisonReport/bayesian``), present under the Bayesian
/// engine: on the scale of the absolute difference (``MetricComparisonReport/difference``).
public struct BayesianMetricReading: Sendable, Hashable, Codable {
    /// The probability that the treatment beats control, given the metric's direction; absent with a limitation.
    public var chanceToWin: Double?
    /// The central (1 − alpha) credible interval of the difference; absent with a limitation.
    public var credibleInterval: ConfidenceInterval?
    /// The expected loss of keeping control, on the difference's scale; absent with a limitation.
    public var riskControl: Double?
    /// The expected loss of shipping the treatment, on the difference's scale; absent with a limitation.
    public var riskTreatment: Double?
    /// The proper prior used, on the relative scale; absent for the improper (flat) prior.
    public var prior: Prior?
    /// Why there is no result; absent when there is one.
    public var limitation: BayesianLimitation?

    /// A proper prior's mean and standard deviation, on the relative scale.
    public struct Prior: Sendable, Hashable, Codable {
        /// The relative effect the prior expects.
        public var mean: Double
        /// The prior's standard deviation on the relative scale.
        public var stddev: Double

        /// Creates a prior's description.
        public init(mean: Double, stddev: Double) {
            self.mean = mean
            self.stddev = stddev
        }
    }

    /// The reading of `reading` (the absolute difference's), made under `prior`.
    public init(_ reading: BayesianReading, prior: BayesianPrior) {
        if let effect = reading.effect {
            chanceToWin = effect.chanceToWin
            credibleInterval = effect.credibleInterval
            riskControl = effect.riskOfControl
            riskTreatment = effect.riskOfTreatment
        }
        limitation = reading.limitation
        self.prior = prior.standardDeviation.map { Prior(mean: prior.mean, stddev: $0) }
    }

    enum CodingKeys: String, CodingKey {
        case chanceToWin = "chance_to_win"
        case credibleInterval = "credible_interval"
        case riskControl = "risk_control"
        case riskTreatment = "risk_treatment"
        case prior
        case limitation
    }
}
