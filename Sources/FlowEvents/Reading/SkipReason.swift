/// Why the reader skipped a line of an event log instead of producing an event.
///
/// Blank lines are not skipped lines: they are ignored without being counted.
public enum SkipReason: Sendable, Hashable, CaseIterable {
    /// Not a JSON object, or a required field (`schema`, `time`, `session`, `user`, `type`) is
    /// missing or has the wrong type, or the timestamp is not in the time grammar (`EventTimestamp(iso8601:)`), or
    /// `seq` is present and not a JSON integer from 0 to `FlowEvent.maximumSequence` (a string, a negative,
    /// fractional or larger number), or the bytes are not UTF-8.
    case malformed
    /// The file's last line has no newline and is not a valid event: a write cut short by a crash.
    case truncatedLastLine
    /// The line is longer than `FlowEventReader.maximumLineLength` bytes; its bytes were not examined.
    case oversizedLine
    /// The line's `schema` is an integer other than `FlowEvent.currentSchemaVersion`.
    case unknownSchemaVersion
    /// The line's `type` is a string that names no `EventType`.
    case unknownEventType

    /// How `ReadSummary.description` names `count` lines skipped for this reason.
    func phrase(count: Int) -> String {
        let plural = count != 1
        switch self {
        case .malformed: return "\(count) malformed \(plural ? "lines" : "line") skipped"
        case .truncatedLastLine: return "\(count) truncated last \(plural ? "lines" : "line") skipped"
        case .oversizedLine: return "\(count) oversized \(plural ? "lines" : "line") skipped"
        case .unknownSchemaVersion: return "\(count) \(plural ? "lines" : "line") with unknown schema version skipped"
        case .unknownEventType: return "\(count) \(plural ? "lines" : "line") with unknown event type skipped"
        }
    }
}
