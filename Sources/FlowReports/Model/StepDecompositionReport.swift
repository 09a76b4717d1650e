/// Where in the funnel one treatment's conversion differs from control's: the ratio of their conversion rates split
/// into one ``StepTermReport`` per step and one for the goal (docs/Statistics.md, "Where in the flow").
///
/// The terms' ratios multiply back to ``ratio`` and their contributions add up to ``difference``. Terms are corrected
/// across every tested term of every treatment, by the experiment's correction.
public struct StepDecompositionReport: Sendable, Hashable, Codable {
    /// The treatment.
    public var variant: String
    /// Control.
    public var control: String
    /// Why the difference is not decomposed (a ``StepDecompositionRefusal`` code, `steps_differ` when the arms'
    /// discovered steps are not the same screens, or `counts_without_progress` for counts made by an older query); nil when
    /// it is.
    public var refusal: String?
    /// The refusal in words; nil when decomposed.
    public var refusalReason: String?
    /// Treatment's conversion rate.
    public var treatmentRate: Double?
    /// Control's conversion rate.
    public var controlRate: Double?
    /// The difference in conversion rates the contributions add up to.
    public var difference: Double?
    /// The ratio of conversion rates the terms multiply to.
    public var ratio: Double?
    /// The correction across terms.
    public var correction: MultipleComparisonCorrection
    /// The steps' terms in flow order, then the goal's.
    public var terms: [StepTermReport]

    /// The report of `decomposition`, naming its terms after `steps` and the goal.
    public init(_ decomposition: StepDecomposition, steps: [String], goal: String) {
        variant = decomposition.variant
        control = decomposition.control
        refusal = decomposition.refusal?.code
        refusalReason = decomposition.refusal?.explanation
        treatmentRate = decomposition.treatmentRate
        controlRate = decomposition.controlRate
        difference = decomposition.difference
        ratio = decomposition.ratio
        correction = decomposition.correction
        terms = decomposition.terms.map { term in
            StepTermReport(step: term.isGoal || !steps.indices.contains(term.index - 1) ? goal : steps[term.index - 1], isGoal: term.isGoal, term: term)
        }
    }

    /// A decomposition refused before any statistics: `code` and `reason` say why.
    public init(variant: String, control: String, refusedFor code: String, reason: String, correction: MultipleComparisonCorrection) {
        self.variant = variant
        self.control = control
        refusal = code
        refusalReason = reason
        self.correction = correction
        terms = []
    }

    enum CodingKeys: String, CodingKey {
        case variant
        case control
        case refusal
        case refusalReason = "refusal_reason"
        case treatmentRate = "treatment_rate"
        case controlRate = "control_rate"
        case difference
        case ratio
        case correction
        case terms
    }
}
