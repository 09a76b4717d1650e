/// What the canonical scanner made of a line.
enum CanonicalScanOutcome {
    /// A canonical event, written into the event given.
    case event
    /// A canonical event of a type the caller asked to drop: checked as thoroughly as a kept one, only
    /// its identity (user, session, sequence number) and type written into the event given.
    case dropped
    /// Not a canonical line: the full parser decides what it is.
    case notCanonical
}
