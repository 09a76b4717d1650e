/// Swift source read as tokens, enough to find the arguments of a call: comments are skipped, string
/// literals (plain, multi-line and raw) become one token carrying their value, and everything else is
/// an identifier or a single punctuation character.
struct SwiftTokens {
    enum Kind: Equatable {
        case identifier
        /// A string literal; `value` is nil when it interpolates (`\(...)`), so its value is unknown.
        case string(value: String?)
        case punctuation
        /// A number or another character run the reader does not need.
        case other
    }

    struct Token {
        var kind: Kind
        /// The token's text as written.
        var text: Substring
        /// Its line, from 1.
        var line: Int
    }

    let tokens: [Token]

    init(_ source: String) {
        var tokens: [Token] = []
        let scalars = Array(source.unicodeScalars)
        // Offsets into `scalars` map back to the source through this index table, built once.
        var indices: [String.Index] = []
        indices.reserveCapacity(scalars.count + 1)
        var index = source.unicodeScalars.startIndex
        while index < source.unicodeScalars.endIndex {
            indices.append(index)
            index = source.unicodeScalars.index(after: index)
        }
        indices.append(source.unicodeScalars.endIndex)
        func text(_ start: Int, _ end: Int) -> Substring { source[indices[start]..<indices[end]] }

        var line = 1
        var position = 0
        func at(_ offset: Int) -> Unicode.Scalar? { offset < scalars.count ? scalars[offset] : nil }
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "\n" {
                line += 1
                position += 1
            } else if scalar == " " || scalar == "\t" || scalar == "\r" {
                position += 1
            } else if scalar == "/", at(position + 1) == "/" {
                while position < scalars.count, scalars[position] != "\n" { position += 1 }
            } else if scalar == "/", at(position + 1) == "*" {
                var depth = 0
                repeat {
                    if scalars[position] == "/", at(position + 1) == "*" {
                        depth += 1
                        position += 2
                    } else if scalars[position] == "*", at(position + 1) == "/" {
                        depth -= 1
                        position += 2
                    } else {
                        if scalars[position] == "\n" { line += 1 }
                        position += 1
                    }
                } while depth > 0 && position < scalars.count
            } else if scalar == "\"" || (scalar == "#" && Self.startsString(scalars, at: position)) {
                let start = position
                let startLine = line
                var hashes = 0
                while scalars[position] == "#" {
                    hashes += 1
                    position += 1
                }
                let multiline = at(position + 1) == "\"" && at(position + 2) == "\""
                position += multiline ? 3 : 1
                var value = ""
                var known = true
                let closing = multiline ? 3 : 1
                while position < scalars.count {
                    let character = scalars[position]
                    if character == "\"", (0..<closing).allSatisfy({ at(position + $0) == "\"" }),
                       (0..<hashes).allSatisfy({ at(position + closing + $0) == "#" }) {
                        position += closing + hashes
                        break
                    }
                    if !multiline, character == "\n" { break }
                    if character == "\\", (0..<hashes).allSatisfy({ at(position + 1 + $0) == "#" }) {
                        position += 1 + hashes
                        guard let escaped = at(position) else { break }
                        position += 1
                        switch escaped {
                        case "n": value += "\n"
                        case "t": value += "\t"
                        case "r": value += "\r"
                        case "0": value += "\0"
                        case "\"", "\\", "'": value.unicodeScalars.append(escaped)
                        default: known = false  // an interpolation, a \u{...} or a line continuation
                        }
                        continue
                    }
                    if character == "\n" { line += 1 }
                    value.unicodeScalars.append(character)
                    position += 1
                }
                if multiline {
                    // The value of a multi-line literal depends on its indentation: leave it unknown.
                    known = false
                }
                tokens.append(Token(kind: .string(value: known ? value : nil), text: text(start, position), line: startLine))
            } else if Self.isIdentifierHead(scalar) || scalar == "`" {
                let start = position
                let quoted = scalar == "`"
                position += 1
                while let next = at(position), Self.isIdentifierBody(next) { position += 1 }
                if quoted, at(position) == "`" { position += 1 }
                var name = text(start, position)
                if quoted { name = name.dropFirst().prefix { $0 != "`" } }
                tokens.append(Token(kind: .identifier, text: name, line: line))
            } else if Self.isDigit(scalar) {
                let start = position
                while let next = at(position), Self.isIdentifierBody(next) || next == "." { position += 1 }
                tokens.append(Token(kind: .other, text: text(start, position), line: line))
            } else {
                tokens.append(Token(kind: .punctuation, text: text(position, position + 1), line: line))
                position += 1
            }
        }
        self.tokens = tokens
    }

    private static func startsString(_ scalars: [Unicode.Scalar], at start: Int) -> Bool {
        var position = start
        while position < scalars.count, scalars[position] == "#" { position += 1 }
        return position < scalars.count && scalars[position] == "\""
    }

    private static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierBody(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierHead(scalar) || isDigit(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }
}
