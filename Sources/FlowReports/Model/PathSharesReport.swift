/// Per treatment, the observed paths and screens left on whose share of users differs from control's
/// (``PathShareReport``), biggest difference first.
///
/// Only the paths some arm's report keeps (its `--top-paths` most common) and as many screens left on per arm are
/// compared, each counted completely in both arms; p-values are corrected across them by the experiment's correction.
public struct PathSharesReport: Sendable, Hashable, Codable {
    /// The treatment.
    public var variant: String
    /// Control.
    public var control: String
    /// The correction across this treatment's paths and screens.
    public var correction: MultipleComparisonCorrection
    /// The comparisons, biggest absolute difference first.
    public var shares: [PathShareReport]

    /// Creates a treatment's path shares.
    public init(variant: String, control: String, correction: MultipleComparisonCorrection, shares: [PathShareReport]) {
        self.variant = variant
        self.control = control
        self.correction = correction
        self.shares = shares
    }

    enum CodingKeys: String, CodingKey {
        case variant
        case control
        case correction
        case shares
    }
}
