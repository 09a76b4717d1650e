/// How a step term's interval and p-value are computed.
public enum StepTermMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// The delta method on the log scale: `ln(ratio) ∓ z·√V` with the multinomial variance `V`, and the Wald p-value
    /// of `ln(ratio)/√V`.
    case deltaLog = "delta_log"
    /// Koopman's score interval of the ratio of two rates, whose p-value at a ratio of 1 is the pooled two-proportion
    /// z-test: for a term with fewer than ``StepTerm/minimumCountForDeltaMethod`` passes or failures in an arm.
    case score
}
