/// Per treatment, how the time each funnel step takes differs from control's (``StepTimeReport``): the p-values of
/// every step's median and mean, of every treatment, corrected together by the experiment's correction
/// (docs/Statistics.md, "Step times").
public struct StepTimesReport: Sendable, Hashable, Codable {
    /// The treatment.
    public var variant: String
    /// Control.
    public var control: String
    /// Why step times are not compared: `unavailable_from_counts` for a report made from an SQL engine's counts,
    /// which hold no per-user times, or `steps_differ` when the arms' discovered steps are not the same screens; nil
    /// when they are compared.
    public var unavailable: String?
    /// ``unavailable`` in words; nil when compared.
    public var unavailableReason: String?
    /// The correction across every step's median and mean of every treatment.
    public var correction: MultipleComparisonCorrection
    /// The steps in flow order; empty when unavailable.
    public var steps: [StepTimeReport]

    /// Step times compared.
    public init(variant: String, control: String, correction: MultipleComparisonCorrection, steps: [StepTimeReport]) {
        self.variant = variant
        self.control = control
        self.correction = correction
        self.steps = steps
    }

    /// Step times that cannot be compared: `code` and `reason` say why.
    public init(variant: String, control: String, unavailable code: String, reason: String, correction: MultipleComparisonCorrection) {
        self.variant = variant
        self.control = control
        unavailable = code
        unavailableReason = reason
        self.correction = correction
        steps = []
    }

    enum CodingKeys: String, CodingKey {
        case variant
        case control
        case unavailable
        case unavailableReason = "unavailable_reason"
        case correction
        case steps
    }
}
