/// A mistake in the request, or a file that cannot be read or written; nothing was changed.
public struct ScaffoldError: Error, CustomStringConvertible {
    /// The message, one or more lines.
    public var description: String

    /// Creates the error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
