/// One term of a ``StepDecompositionReport``: how one step's rate (or the goal's, after the last step) differs
/// between a treatment and control, as a ratio of the two rates with an interval.
///
/// It is an accounting of where the difference in conversion arises, not the effect of the step's screen: the users
/// who reach a step under one flow are not the same people as under the other.
public struct StepTermReport: Sendable, Hashable, Codable {
    /// The step's name, or the goal's summary for the last term.
    public var step: String
    /// Whether this is the goal's term (users of the last step who converted).
    public var isGoal: Bool
    /// How the term reads: measured, near a rate of 0 or 1, or why it cannot be tested.
    public var reading: StepTermReading
    /// How the interval was computed; nil for a term that is not tested.
    public var method: StepTermMethod?
    /// Treatment's users who reached the step before, and of them those who passed this one.
    public var treatment: StepArmPassage
    /// Control's users who reached the step before, and of them those who passed this one.
    public var control: StepArmPassage
    /// Treatment's step rate over control's; nil when either arm has no rate.
    public var ratio: Double?
    /// The ratio's interval at the report's confidence level; nil for a term that is not tested.
    public var interval: StepRatioInterval?
    /// The interval widened for the correction across every tested term of every treatment.
    public var adjustedInterval: StepRatioInterval?
    /// The term's p-value, before the correction.
    public var pValue: Double?
    /// The p-value after the correction.
    public var adjustedPValue: Double?
    /// This term's share of the difference in conversion rates, in rate units; the shares add up to it.
    public var contribution: Double
    /// Whether the term differs from no change after the correction.
    public var isFound: Bool
    /// Whether the two arms' users pass the same screens on the way to the step; nil for the goal's term, and when the
    /// screens on the way are not known (counts from an SQL engine, a report without paths, discovered steps) or an arm
    /// has no user who reached the step.
    public var approach: StepApproachComparison?

    /// Creates a term report.
    public init(step: String, isGoal: Bool, term: StepTerm) {
        self.step = step
        self.isGoal = isGoal
        reading = term.reading
        method = term.method
        treatment = term.treatment
        control = term.control
        ratio = term.ratio
        interval = term.interval
        adjustedInterval = term.adjustedInterval
        pValue = term.pValue
        adjustedPValue = term.adjustedPValue
        contribution = term.contribution
        isFound = term.isFound
    }

    enum CodingKeys: String, CodingKey {
        case step
        case isGoal = "is_goal"
        case reading
        case method
        case treatment
        case control
        case ratio
        case interval
        case adjustedInterval = "adjusted_interval"
        case pValue = "p_value"
        case adjustedPValue = "adjusted_p_value"
        case contribution
        case isFound = "found"
        case approach
    }
}
