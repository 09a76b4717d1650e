/// What the canonical scanner made of a line.
enum CanonicalScanOutcome {
    /// A canonical event, written into the event given.
    case event
    /// A canonical event of a type the caller asked to drop: checked as thoroughly as a kept one,
    /// none of its texts made.
    case dropped
    /// Not a canonical line: the full parser decides what it is.
    case notCanonical
}
