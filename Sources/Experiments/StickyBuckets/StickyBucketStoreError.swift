/// A sticky bucket file that could not be read or written, located by file and, for bad content, by line and
/// column or JSON path.
public struct StickyBucketStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The store's file.
    public var file: String
    /// What went wrong, located inside the file when the content is at fault.
    public var issue: ConfigIssue

    /// Creates an error about `file`.
    public init(file: String, issue: ConfigIssue) {
        self.file = file
        self.issue = issue
    }

    /// Creates an error about `file` as a whole.
    public init(file: String, message: String) {
        self.init(file: file, issue: ConfigIssue(path: .root, message: message))
    }

    /// `file: where: what`.
    public var description: String {
        "\(file): \(issue)"
    }
}
