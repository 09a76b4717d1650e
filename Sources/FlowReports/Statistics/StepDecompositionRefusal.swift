/// Why a treatment's difference from control is not split into step terms: ``StepDecomposition/refusal``.
public enum StepDecompositionRefusal: Sendable, Hashable {
    /// An arm's counts are invalid (``FunnelArmProgress/problem``).
    case invalidCounts(FunnelArm, FunnelProgressProblem)
    /// The arms' funnels have different numbers of steps.
    case stepCountsDiffer(treatment: Int, control: Int)
    /// An arm has no users, so its conversion rate is undefined.
    case emptyArm(FunnelArm)
    /// Some users of the arm converted although nobody in it reached step `step`: the conversion rate is then no
    /// product of step rates (one of them 0, a later one without users to divide by).
    case convertedWithoutReachingStep(FunnelArm, step: Int)

    /// The refusal's name in JSON: `invalid_counts`, `step_counts_differ`, `empty_arm` or
    /// `converted_without_reaching_step`.
    public var code: String {
        switch self {
        case .invalidCounts: "invalid_counts"
        case .stepCountsDiffer: "step_counts_differ"
        case .emptyArm: "empty_arm"
        case .convertedWithoutReachingStep: "converted_without_reaching_step"
        }
    }

    /// How the refusal reads in a report.
    public var explanation: String {
        switch self {
        case let .invalidCounts(arm, problem):
            "\(arm.rawValue)'s counts: \(problem.explanation)"
        case let .stepCountsDiffer(treatment, control):
            "treatment's funnel has \(treatment) steps and control's \(control)"
        case let .emptyArm(arm):
            "\(arm.rawValue) has no users"
        case let .convertedWithoutReachingStep(arm, step):
            "users of \(arm.rawValue) converted although none reached step \(step), so conversion is no product of step rates"
        }
    }
}
