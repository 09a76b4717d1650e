/// How long treatment's users take over one step compared with control's: the time from the event that matched the
/// step before (the user's anchor for step 1) to the event that matched this one, for each user who made the step.
///
/// ``median`` compares each arm's median of those per-user gaps (not the median time to this step minus the median time
/// to the step before); ``mean`` compares their means. The users who make a step are not the same people in the two
/// arms, so a difference says where time goes, not what a screen does to one user's time.
public struct StepTimeReport: Sendable, Hashable, Codable {
    /// The step's position, 1 for the first.
    public var index: Int
    /// The step's name.
    public var step: String
    /// Treatment's users who made the step (one gap each).
    public var treatmentUsers: Int
    /// Control's users who made the step.
    public var controlUsers: Int
    /// The arms' medians of their per-user gaps, and treatment's minus control's with the quantile method's interval.
    public var median: StepTimeDifferenceReport
    /// The arms' mean gaps, and treatment's minus control's with Welch's interval.
    public var mean: StepTimeDifferenceReport

    /// Creates a step's report from its fields.
    public init(index: Int, step: String, treatmentUsers: Int, controlUsers: Int, median: StepTimeDifferenceReport, mean: StepTimeDifferenceReport) {
        self.index = index
        self.step = step
        self.treatmentUsers = treatmentUsers
        self.controlUsers = controlUsers
        self.median = median
        self.mean = mean
    }

    /// The step's report from its comparison.
    init(index: Int, step: String, treatmentUsers: Int, controlUsers: Int, comparison: StepTimeComparison) {
        self.index = index
        self.step = step
        self.treatmentUsers = treatmentUsers
        self.controlUsers = controlUsers
        median = StepTimeDifferenceReport(comparison.median, adjustedPValue: comparison.medianAdjustedPValue, isFound: comparison.isMedianFound)
        mean = StepTimeDifferenceReport(comparison.mean, adjustedPValue: comparison.meanAdjustedPValue, isFound: comparison.isMeanFound)
    }

    enum CodingKeys: String, CodingKey {
        case index
        case step
        case treatmentUsers = "treatment_users"
        case controlUsers = "control_users"
        case median
        case mean
    }
}
