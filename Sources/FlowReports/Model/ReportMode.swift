/// How a report's arms were formed.
public enum ReportMode: String, Sendable, Hashable, Codable {
    /// Arms are the variants users were exposed to, within one or more logs.
    case report
    /// Arms are whole log files, one per variant run.
    case compare
}
