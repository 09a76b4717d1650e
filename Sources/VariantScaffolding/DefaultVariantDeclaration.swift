import Foundation

/// Where an app gives a slot its default variant: a `defaultVariant:` argument (as `AppSlot`'s
/// initialiser takes it) or a `.defaultVariant = ...` assignment, read from the app's code with
/// comments skipped, however it is spaced or wrapped.
struct DefaultVariantDeclaration {
    /// The slot's id, when the same call gives it as a literal or a constant.
    var slot: String?
    /// `path:line` from the package root.
    var location: String
    /// `defaultVariant: <expression>` as written, control characters escaped.
    var text: String
    /// The default's id: the string literal, or the string constant the expression names; nil when
    /// the expression is neither (a call, an interpolation...), so the default cannot be known before the build.
    var variant: String?

    /// Every default declared in the sources of app module `app` of `package`, in file and line order.
    static func all(inApp app: String, of package: PackageLayout) -> [DefaultVariantDeclaration] {
        guard let folder = package.sourcesFolder(ofModule: app) else { return [] }
        let files = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("VariantTemplates/") }.sorted()
        let sources = files.compactMap { file -> (path: String, tokens: SwiftTokens)? in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8) else { return nil }
            let root = package.directory.path + "/"
            let path = folder.appendingPathComponent(file).path
            return (path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path, SwiftTokens(text))
        }
        let constants = stringConstants(in: sources.map(\.tokens))
        return sources.flatMap { source in
            declarations(in: source.tokens.tokens, constants: constants).map { declaration in
                var declaration = declaration
                declaration.location = "\(source.path):\(declaration.location)"
                return declaration
            }
        }
    }

    /// The defaults in one file's tokens; `location` holds only the line.
    private static func declarations(in tokens: [SwiftTokens.Token], constants: [String: Set<String>]) -> [DefaultVariantDeclaration] {
        var found: [DefaultVariantDeclaration] = []
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == "defaultVariant" {
            let before = index > 0 ? tokens[index - 1].text : ""
            let after = index + 1 < tokens.count ? tokens[index + 1].text : ""
            if after == ":", before == "(" || before == ",", let opener = openingParenthesis(before: index, in: tokens),
               isCall(opener, in: tokens) {
                let expression = argument(from: index + 2, in: tokens)
                let slot = slotID(inCallAt: opener, tokens: tokens, constants: constants)
                found.append(declaration(tokens, expression, at: index, slot: slot, constants: constants))
            } else if after == "=", before == ".", index + 2 < tokens.count, tokens[index + 2].text != "=" {
                // `slot.defaultVariant = <expression>`: the expression runs to the end of its line.
                let line = tokens[index + 2].line
                var end = index + 2
                while end < tokens.count, tokens[end].line == line, tokens[end].text != ";", tokens[end].text != "}" { end += 1 }
                found.append(declaration(tokens, (index + 2)..<end, at: index, slot: nil, constants: constants))
            }
        }
        return found
    }

    private static func declaration(
        _ tokens: [SwiftTokens.Token], _ expression: Range<Int>, at index: Int, slot: String?, constants: [String: Set<String>]
    ) -> DefaultVariantDeclaration {
        let written = expression.isEmpty ? "" : String(tokens[expression.lowerBound].text.base[
            tokens[expression.lowerBound].text.startIndex..<tokens[expression.upperBound - 1].text.endIndex
        ])
        return DefaultVariantDeclaration(
            slot: slot,
            location: "\(tokens[index].line)",
            text: UnsafeText.escaped("defaultVariant: " + written.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")),
            variant: value(of: expression, in: tokens, constants: constants)
        )
    }

    /// The token range of the argument starting at `start`: up to the `,` or `)` that ends it.
    private static func argument(from start: Int, in tokens: [SwiftTokens.Token]) -> Range<Int> {
        var depth = 0
        var end = start
        while end < tokens.count {
            let text = tokens[end].text
            if tokens[end].kind == .punctuation {
                if text == "(" || text == "[" || text == "{" { depth += 1 }
                if text == ")" || text == "]" || text == "}" {
                    if depth == 0 { break }
                    depth -= 1
                }
                if text == ",", depth == 0 { break }
            }
            end += 1
        }
        return start..<end
    }

    /// The index of the `(` whose argument list holds the token at `index`.
    private static func openingParenthesis(before index: Int, in tokens: [SwiftTokens.Token]) -> Int? {
        var depth = 0
        var position = index - 1
        while position >= 0 {
            if tokens[position].kind == .punctuation {
                switch tokens[position].text {
                case ")", "]", "}": depth += 1
                case "(", "[", "{":
                    if depth == 0 { return tokens[position].text == "(" ? position : nil }
                    depth -= 1
                default: break
                }
            }
            position -= 1
        }
        return nil
    }

    /// Whether the `(` at `opener` starts a call's arguments rather than a declaration's parameters
    /// (`func make(defaultVariant: String)`, `init(defaultVariant: String)`).
    private static func isCall(_ opener: Int, in tokens: [SwiftTokens.Token]) -> Bool {
        guard opener > 0 else { return true }
        var callee = opener - 1
        // Generic parameters of a declaration: `func make<T>(...)`.
        if tokens[callee].text == ">" {
            var depth = 0
            while callee >= 0 {
                if tokens[callee].text == ">" { depth += 1 }
                if tokens[callee].text == "<" { depth -= 1 }
                if depth == 0 { break }
                callee -= 1
            }
            callee -= 1
        }
        guard callee >= 0 else { return true }
        let name = tokens[callee].text
        let previous = callee > 0 ? tokens[callee - 1].text : ""
        if name == "subscript" || (name == "init" && previous != ".") { return false }
        return previous != "func" && previous != "macro"
    }

    /// The `id:` argument of the call whose `(` is at `opener`, when it is a literal or a constant.
    private static func slotID(inCallAt opener: Int, tokens: [SwiftTokens.Token], constants: [String: Set<String>]) -> String? {
        var depth = 0
        var position = opener + 1
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .punctuation {
                if token.text == "(" || token.text == "[" || token.text == "{" { depth += 1 }
                if token.text == ")" || token.text == "]" || token.text == "}" {
                    if depth == 0 { return nil }
                    depth -= 1
                }
            }
            if depth == 0, token.kind == .identifier, token.text == "id", position + 1 < tokens.count, tokens[position + 1].text == ":",
               tokens[position - 1].text == "(" || tokens[position - 1].text == "," {
                return value(of: argument(from: position + 2, in: tokens), in: tokens, constants: constants)
            }
            position += 1
        }
        return nil
    }

    /// The string `expression` stands for: a literal's value, or the one value of the string constants
    /// named like its last component (`phoneID`, `Defaults.phone`); nil otherwise.
    private static func value(of expression: Range<Int>, in tokens: [SwiftTokens.Token], constants: [String: Set<String>]) -> String? {
        let parts = tokens[expression]
        if parts.count == 1, case .string(let value) = parts.first?.kind { return value }
        // A name, possibly qualified: identifiers joined by dots.
        guard let last = parts.last, last.kind == .identifier else { return nil }
        for (offset, token) in parts.enumerated() {
            let expected = offset % 2 == 0 ? token.kind == .identifier : token.text == "."
            if !expected { return nil }
        }
        guard parts.count % 2 == 1, let values = constants[String(last.text)], values.count == 1 else { return nil }
        return values.first
    }

    /// Every `let NAME = "literal"` (or `let NAME: String = "literal"`) in `sources`, by name.
    private static func stringConstants(in sources: [SwiftTokens]) -> [String: Set<String>] {
        var constants: [String: Set<String>] = [:]
        for source in sources {
            let tokens = source.tokens
            for index in tokens.indices where tokens[index].text == "let" && tokens[index].kind == .identifier {
                guard index + 3 < tokens.count, tokens[index + 1].kind == .identifier else { continue }
                var position = index + 2
                if tokens[position].text == ":", position + 2 < tokens.count, tokens[position + 1].text == "String" { position += 2 }
                guard position + 1 < tokens.count, tokens[position].text == "=", case .string(let value?) = tokens[position + 1].kind,
                      position + 2 >= tokens.count || tokens[position + 2].text != "+"
                else { continue }
                constants[String(tokens[index + 1].text), default: []].insert(value)
            }
        }
        return constants
    }
}
