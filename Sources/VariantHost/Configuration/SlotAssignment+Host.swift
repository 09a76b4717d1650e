import Experiments

extension SlotAssignment {
    /// The experiment that chose the variant, by hashing or by its `force`, if any.
    var experiment: String? {
        switch reason {
        case .experiment(let key, _, _, _, _), .forcedByConfig(let key, _): key
        case .forced, .rule, .default: nil
        }
    }

    /// The `reason` property of an `assignment` event: the reason's one spelling.
    var reasonName: String { reason.kind.rawValue }
}

extension SlotAssignment {
    /// How the variant was chosen, in a few words, such as `experiment onboarding-order`.
    package var reasonSummary: String {
        switch reason {
        case .experiment(let key, _, _, _, _): stickyBucketUsed ? "experiment \(key), sticky bucket" : "experiment \(key)"
        case .forced: "forced"
        case .forcedByConfig(let key, _): "forced by experiment \(key)"
        case .rule(let index): "rule \(index)"
        case .default: "default"
        }
    }
}
