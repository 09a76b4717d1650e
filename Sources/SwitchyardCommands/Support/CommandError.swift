/// A failure the CLI reports as one `Error: ...` line and a non-zero exit.
struct CommandError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
