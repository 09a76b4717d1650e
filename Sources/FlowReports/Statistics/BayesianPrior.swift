/// What is believed about a treatment's relative effect `(treatment − control) / control` before the data, for the
/// Bayesian results; gbstats 0.8.0's `GaussianPrior` as its runner passes it (`prior_type` "relative").
///
/// ``improper`` is gbstats' default: a flat prior, under which the posterior is the data's normal approximation
/// alone. A proper prior is a normal distribution with a ``mean`` and a ``standardDeviation`` on the relative scale:
/// `{"mean": 0, "stddev": 0.3}` expects no change and makes effects beyond about ±60% unlikely. For an absolute
/// difference it is carried over by control's estimate `mC`: mean `mean·|mC|`, standard deviation
/// `standardDeviation·|mC|`.
public struct BayesianPrior: Sendable, Hashable {
    /// The JSON key of the prior's mean in a configuration: `"mean"`.
    public static let meanKey = "mean"
    /// The JSON key of the prior's standard deviation in a configuration: `"stddev"`.
    public static let standardDeviationKey = "stddev"

    /// The relative effect the prior expects (0: no change); 0 for the improper prior.
    public let mean: Double
    /// The prior's standard deviation on the relative scale; nil for the improper prior (an infinite one).
    public let standardDeviation: Double?

    /// gbstats' default: no prior belief, so the results are the data's alone.
    public static let improper = BayesianPrior(uncheckedMean: 0, standardDeviation: nil)

    /// Whether the prior is a proper normal distribution (it pulls the posterior towards its mean).
    public var isProper: Bool {
        standardDeviation != nil
    }

    /// A proper prior; throws every problem of `problems(mean:standardDeviation:)`.
    public init(mean: Double, standardDeviation: Double) throws(Invalid) {
        let problems = Self.problems(mean: mean, standardDeviation: standardDeviation)
        guard problems.isEmpty else { throw Invalid(problems: problems) }
        self.init(uncheckedMean: mean, standardDeviation: standardDeviation)
    }

    private init(uncheckedMean mean: Double, standardDeviation: Double?) {
        self.mean = mean
        self.standardDeviation = standardDeviation
    }

    /// What is wrong with a proper prior of this mean and standard deviation, each problem under the JSON key of its
    /// value (``meanKey``, ``standardDeviationKey``) so that a configuration reader can report it at its path: the
    /// mean must be finite, the standard deviation finite and above 0. Empty when the prior is valid.
    public static func problems(mean: Double, standardDeviation: Double) -> [Problem] {
        var problems: [Problem] = []
        if !mean.isFinite {
            problems.append(Problem(
                key: meanKey, message: "expected a finite mean of the relative effect (0 expects no change), found \(mean)"
            ))
        }
        if !standardDeviation.isFinite || standardDeviation <= 0 {
            problems.append(Problem(
                key: standardDeviationKey,
                message: "expected a finite standard deviation above 0 on the relative scale "
                    + "(0.3 makes effects beyond about ±60% unlikely), found \(standardDeviation)"
            ))
        }
        return problems
    }

    /// One problem of a prior's values.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The JSON key of the value at fault: ``BayesianPrior/meanKey`` or ``BayesianPrior/standardDeviationKey``.
        public let key: String
        /// What was expected and found, e.g. `expected a finite standard deviation above 0 …, found -0.1`.
        public let message: String

        /// `stddev: expected …`.
        public var description: String {
            "\(key): \(message)"
        }
    }

    /// The problems of a prior that could not be made.
    public struct Invalid: Error, Sendable, Hashable {
        /// Every problem, the mean's first.
        public let problems: [Problem]
    }
}
