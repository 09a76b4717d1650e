/// Why the reader could not read a file whole: missing, a directory, unreadable, gzip data corrupt
/// or cut short, or the file shrinking under the reader.
///
/// Problems inside a file never throw: the lines concerned are skipped and counted in `ReadSummary`.
public struct FlowEventReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path of the file that could not be read.
    public var path: String
    /// What went wrong, in words.
    public var reason: String

    /// Creates an error for the file at `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error as `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
