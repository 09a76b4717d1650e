/// What a step term's counts allow it to say: measured, near a boundary of 0 or 1, ending the chain, structural, or
/// without users. Every term has one; none is NaN.
public enum StepTermReading: String, Sendable, Hashable, Codable, CaseIterable {
    /// Both arms have at least ``StepTerm/minimumCountForDeltaMethod`` passes and failures (or the term is the goal
    /// of a funnel whose goal is not nested): an interval by the delta method on the log scale.
    case measured
    /// An arm has fewer passes or failures than that, a rate of 1 in one arm included: Koopman's score interval,
    /// which keeps its coverage there.
    case nearBoundary = "near_boundary"
    /// No treatment user got through while some control users did: a ratio of 0, and treatment's chain of steps ends
    /// here. The score interval runs from 0.
    case endsInTreatment = "ends_in_treatment"
    /// No control user got through while some treatment users did: an unbounded ratio, and control's chain ends here.
    /// The score interval is unbounded above.
    case endsInControl = "ends_in_control"
    /// Every user at the step before got through, in both arms (a step shown at exposure, a goal logged with the last
    /// step): the ratio is exactly 1 by construction. No variance, not a test, outside the correction.
    case structural
    /// Users of both arms reached the step before, but none got through: both chains end here. Not a test.
    case nobodyPasses = "nobody_passes"
    /// No treatment user reached the step before (its chain ended earlier): no rate to compare. Not a test.
    case notReachedInTreatment = "not_reached_in_treatment"
    /// No control user reached the step before: no rate to compare. Not a test.
    case notReachedInControl = "not_reached_in_control"
    /// No user of either arm reached the step before. Not a test.
    case notReachedInEither = "not_reached_in_either"

    /// How the reading reads in a report.
    public var explanation: String {
        switch self {
        case .measured: "measured by the delta method on the log scale"
        case .nearBoundary: "few users failed (or passed) this step in an arm: a score interval, which holds its coverage there"
        case .endsInTreatment: "no treatment user got through this step: treatment's funnel ends here"
        case .endsInControl: "no control user got through this step: control's funnel ends here"
        case .structural: "every user got through this step in both arms: it cannot differ, and is not tested"
        case .nobodyPasses: "no user of either arm got through this step: both funnels end here"
        case .notReachedInTreatment: "no treatment user reached the step before"
        case .notReachedInControl: "no control user reached the step before"
        case .notReachedInEither: "no user of either arm reached the step before"
        }
    }
}
