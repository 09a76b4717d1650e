/// The sample-ratio-mismatch check of one experiment, as a report carries it.
public struct SampleRatioReport: Sendable, Hashable, Codable {
    /// The arms tested, control first.
    public var variants: [String]
    /// Users per arm, in the order of `variants`.
    public var observed: [Int]
    /// Expected traffic weights, in the order of `variants`.
    public var expectedWeights: [Double]
    /// The chi-square statistic.
    public var chiSquare: Double
    /// Degrees of freedom of the test.
    public var degreesOfFreedom: Int
    /// The test's p-value.
    public var pValue: Double
    /// Whether the split is a mismatch: the assignment is suspect and so is every other number.
    public var isMismatch: Bool

    /// Creates a check report from its parts.
    public init(
        variants: [String], observed: [Int], expectedWeights: [Double], chiSquare: Double, degreesOfFreedom: Int,
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

    /// Carries over a ``SampleRatioCheck`` of the arms `variants`.
    public init(_ check: SampleRatioCheck, variants: [String]) {
        self.init(
            variants: variants, observed: check.observed, expectedWeights: check.expectedWeights,
            chiSquare: check.chiSquare, degreesOfFreedom: check.degreesOfFreedom, pValue: check.pValue,
            isMismatch: check.isMismatch
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
