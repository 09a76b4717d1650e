/// Why `OutputFile` could not write a file, in words.
struct OutputFileError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
