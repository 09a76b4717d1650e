/// Just enough Swift lexing to find declarations: comments and string literals are replaced
/// by spaces so that a conformance mentioned in a doc comment or a string is not mistaken
/// for code.
enum SwiftText {
    static func strippingCommentsAndStrings(_ source: String) -> String {
        var result: [Character] = []
        let characters = Array(source)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if character == "/", next == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if character == "/", next == "*" {
                index = skipBlockComment(characters, from: index)
            } else if character == "\"" {
                index = skipStringLiteral(characters, from: index)
                result.append(" ")
            } else {
                result.append(character)
                index += 1
            }
        }
        return String(result)
    }

    private static func skipBlockComment(_ characters: [Character], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < characters.count {
            if characters[index] == "/", index + 1 < characters.count, characters[index + 1] == "*" {
                depth += 1
                index += 2
            } else if characters[index] == "*", index + 1 < characters.count, characters[index + 1] == "/" {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return index
    }

    private static func skipStringLiteral(_ characters: [Character], from start: Int) -> Int {
        let isMultiline = start + 2 < characters.count && characters[start + 1] == "\"" && characters[start + 2] == "\""
        var index = start + (isMultiline ? 3 : 1)
        while index < characters.count {
            let character = characters[index]
            if character == "\\" {
                index += 2
            } else if isMultiline, character == "\"", index + 2 < characters.count,
                      characters[index + 1] == "\"", characters[index + 2] == "\"" {
                return index + 3
            } else if !isMultiline, character == "\"" || character == "\n" {
                return index + 1
            } else {
                index += 1
            }
        }
        return index
    }
}
