/// A line of a file, written `path:line` as compilers and editors do.
public struct LineLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's path, as given to the reader.
    public var path: String
    /// The line number, counting from 1; blank lines count.
    public var line: Int

    /// Creates the location of `line` in the file at `path`.
    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }

    /// The location as `path:line`.
    /// The location as `path:line`.
    public var description: String { "\(path):\(line)" }
}
