/// A file ``BoundedFile`` could not read whole: missing, a directory, a broken or looping link, unreadable or
/// too large.
package struct BoundedFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file, as the caller named it.
    package var path: String
    /// What is wrong with it, without its path: `no such file`, `is a loop of symbolic links ...`.
    package var reason: String

    /// Creates an error about `path`.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    package var description: String {
        "\(path): \(reason)"
    }
}
