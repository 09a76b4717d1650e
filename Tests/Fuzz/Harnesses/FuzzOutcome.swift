/// What a fuzz harness made of one input.
///
/// Rejecting or skipping an input is a correct answer to garbage; only a broken invariant (or a trap, a hang or
/// unbounded memory, which the fuzzer itself catches) is a finding.
public enum FuzzOutcome: Sendable, Equatable {
    /// The input was read as valid; the text summarises what it held.
    case accepted(String)
    /// The input was refused with an error, described by the text.
    case rejected(String)
    /// Lines of the input were skipped (and counted) rather than read; the text is the read summary.
    case skipped(String)
    /// The code under test answered in a way it promises never to: a bug even though nothing trapped.
    case invariantViolated(String)

    /// Whether this outcome is a finding.
    public var isViolation: Bool {
        if case .invariantViolated = self { return true }
        return false
    }
}
