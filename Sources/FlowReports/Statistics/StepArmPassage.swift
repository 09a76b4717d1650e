/// One arm's counts behind one step term: the users at the step before (exposure for the first step, the last step for
/// the goal) and those of them who got through.
public struct StepArmPassage: Sendable, Hashable, Codable {
    /// Users who reached the step before.
    public var reached: Int
    /// Users who reached this step; for the goal, every user who converted (more than ``reached`` when users reach the
    /// goal without the last step).
    public var passed: Int

    /// Counts of one arm at one step.
    public init(reached: Int, passed: Int) {
        self.reached = reached
        self.passed = passed
    }

    /// passed / reached; nil when nobody reached the step before.
    public var rate: Double? {
        reached > 0 ? Double(passed) / Double(reached) : nil
    }
}
