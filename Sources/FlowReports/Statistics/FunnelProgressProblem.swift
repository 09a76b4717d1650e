/// Why one arm's funnel counts cannot be decomposed into steps: ``FunnelArmProgress/problem``.
public enum FunnelProgressProblem: Sendable, Hashable {
    /// No cells: a funnel has at least the cell of users who reached no step.
    case noCells
    /// The two columns of cells (not converted, converted) have different lengths.
    case cellColumnsDiffer(notConverted: Int, converted: Int)
    /// A count is negative.
    case negativeCount
    /// Step `step` has more users than the step before it (exposure for step 1), so the counts are not nested: a user
    /// counted at a step must have reached every step before it.
    case notNested(step: Int, users: Int, previousUsers: Int)
    /// More conversions than users at the last step, given as nested counts: a goal users reach without the last step
    /// is given as cells (``FunnelArmProgress/init(notConverted:converted:)``).
    case conversionsExceedLastStep(conversions: Int, lastStepUsers: Int)
    /// The users add up to more than an `Int` holds.
    case tooManyUsers

    /// How the problem reads in a report.
    public var explanation: String {
        switch self {
        case .noCells:
            "no counts: a funnel needs at least the users who reached no step"
        case let .cellColumnsDiffer(notConverted, converted):
            "\(notConverted) counts of users who did not convert but \(converted) of users who did: one per furthest step each"
        case .negativeCount:
            "a count is negative"
        case let .notNested(step, users, previousUsers):
            "step \(step) has \(users) users but the step before it \(previousUsers): the counts are not nested"
        case let .conversionsExceedLastStep(conversions, lastStepUsers):
            "\(conversions) conversions but \(lastStepUsers) users at the last step: a goal reached without the last step needs "
                + "the users by furthest step and conversion"
        case .tooManyUsers:
            "the users add up to more than a 64-bit integer holds"
        }
    }
}
