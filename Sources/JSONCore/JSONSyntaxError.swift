/// Malformed JSON text, located by byte offset and by 1-based line and column.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, e.g. `expected ',' or '}' after object member`.
    public var message: String
    /// The 0-based byte offset of the problem in the UTF-8 input.
    public var byteOffset: Int
    /// The 1-based line of the problem.
    public var line: Int
    /// The 1-based column of the problem, counted in Unicode scalars.
    public var column: Int

    /// Creates an error located at `byteOffset`, computing line and column from `bytes`.
    init(message: String, byteOffset: Int, in bytes: JSONInputBytes) {
        self.message = message
        self.byteOffset = byteOffset
        var line = 1
        var column = 1
        for position in 0..<min(byteOffset, bytes.count) {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes belong to the scalar already counted.
                column += 1
            }
        }
        self.line = line
        self.column = column
    }

    /// `line L, column C: message`.
    public var description: String {
        "line \(line), column \(column): \(message)"
    }
}
