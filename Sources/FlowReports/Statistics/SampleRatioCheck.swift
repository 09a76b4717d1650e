/// Result of the sample-ratio-mismatch test.
///
/// A chi-square goodness-of-fit test of the users per arm against the configured traffic weights. Reports carry it
/// as it is (`sample_ratio` in their JSON).
public struct SampleRatioCheck: Sendable, Hashable, Codable {
    /// The arms tested, control first, in the order of `observed`; empty when the caller did not name them.
    public var variants: [String]
    /// Users per arm, as tested (negative counts read as 0).
    public var observed: [Int]
    /// Configured weights, in the order of `observed`, as given.
    public var expectedWeights: [Double]
    /// Σ (observed − expected)² / expected with expected = total · weight / Σ weights.
    public var chiSquare: Double
    /// Number of tested arms − 1.
    public var degreesOfFreedom: Int
    /// P(χ²(df) > chiSquare).
    public var pValue: Double
    /// Whether pValue < the threshold the check was run with.
    public var isMismatch: Bool

    /// Creates a check from its parts.
    public init(
        variants: [String] = [], observed: [Int], expectedWeights: [Double], chiSquare: Double, degreesOfFreedom: Int,
        pValue: Double, isMismatch: Bool
    ) {
        self.variants = variants
        self.observed = observed
        self.expectedWeights = expectedWeights
        self.chiSquare = chiSquare
        self.degreesOfFreedom = degreesOfFreedom
        self.pValue = pValue
        self.isMismatch = isMismatch
    }

    /// Tests observed users per arm against `weights`, matching scipy `chisquare(observed, total·w/Σw)`; a mismatch
    /// is flagged when p < `threshold`. `variants` names the arms, in the order of `observed`.
    ///
    /// Inputs scipy rejects get defined results instead: when the counts and weights differ in number, fewer than two
    /// arms are given, any weight is negative or not finite, the weights sum to 0, or no users were observed, nothing
    /// can be tested and the check reports χ² = 0, df = 0, p = 1, no mismatch. An arm with weight 0 is left out of
    /// the test while it has no users; once it has users the mismatch is certain (χ² = greatest finite Double, p = 0).
    public static func test(
        observed: [Int], weights: [Double], threshold: Double = 0.001, variants: [String] = []
    ) -> SampleRatioCheck {
        let counts = observed.map { max(0, $0) }
        let weightTotal = weights.reduce(0, +)
        let total = counts.reduce(0.0) { $0 + Double($1) }
        let testable = counts.count == weights.count && counts.count >= 2
            && weights.allSatisfy { $0.isFinite && $0 >= 0 } && weightTotal > 0 && weightTotal.isFinite && total > 0
        guard testable else {
            return SampleRatioCheck(
                variants: variants, observed: counts, expectedWeights: weights, chiSquare: 0, degreesOfFreedom: 0, pValue: 1, isMismatch: false
            )
        }
        var statistic = 0.0
        var testedArms = 0
        for (count, weight) in zip(counts, weights) {
            if weight == 0 {
                guard count == 0 else {
                    return SampleRatioCheck(
                        variants: variants, observed: counts, expectedWeights: weights, chiSquare: .greatestFiniteMagnitude,
                        degreesOfFreedom: counts.count - 1, pValue: 0, isMismatch: true
                    )
                }
                continue
            }
            let expected = total * weight / weightTotal
            let deviation = Double(count) - expected
            statistic += deviation * deviation / expected
            testedArms += 1
        }
        let degreesOfFreedom = testedArms - 1
        let pValue = degreesOfFreedom > 0
            ? ChiSquareDistribution.survival(x: statistic, degreesOfFreedom: degreesOfFreedom)
            : 1
        return SampleRatioCheck(
            variants: variants, observed: counts, expectedWeights: weights, chiSquare: statistic,
            degreesOfFreedom: degreesOfFreedom, pValue: pValue, isMismatch: pValue < threshold
        )
    }

    enum CodingKeys: String, CodingKey {
        case variants
        case observed
        case expectedWeights = "expected_weights"
        case chiSquare = "chi_square"
        case degreesOfFreedom = "degrees_of_freedom"
        case pValue = "p_value"
        case isMismatch = "is_mismatch"
    }
}
