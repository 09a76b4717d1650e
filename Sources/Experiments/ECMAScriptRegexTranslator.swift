/// Translates a GrowthBook `$regex` pattern, read as an ECMAScript regular expression without the `u` flag (what
/// the JavaScript SDK's `new RegExp(pattern, flags)` builds), into an ICU pattern with the same meaning, or says
/// which construct is outside the subset Switchyard supports.
///
/// The subset: literal characters; escapes `\t \n \v \f \r \0 \cX \xHH \uHHHH` and escaped punctuation; `.`;
/// `\d \D \w \W \s \S` with their ECMAScript (ASCII `\d`/`\w`) meaning; character classes with ranges and those
/// escapes (`\b` is backspace inside a class); anchors `^ $ \b \B` (input start and end, ASCII word boundary);
/// quantifiers `* + ? {n} {n,} {n,m}`, greedy or lazy; capturing and `(?:…)` groups; look-ahead `(?=…)`
/// `(?!…)`; alternation. Everything else is refused, naming the construct: back-references, named groups,
/// look-behind, inline flags, Unicode property escapes `\p{…}`, POSIX classes `[[:alpha:]]`, `\Q…\E`, `\A \z \Z \G`
/// and other non-ECMAScript escapes, possessive quantifiers, nested `[` in classes, and the Annex B leniencies
/// (a lone `{`, `}` or `]`, octal escapes).
///
/// Meaning follows ECMAScript exactly: the text is matched as UTF-16 code units (a character outside the Basic
/// Multilingual Plane is two units to `.`, classes and quantifiers, see ``RegexSubject``), `$` matches only at the
/// very end, `.` excludes exactly `\n \r \u2028 \u2029`, and case-insensitive matching uses ECMAScript's
/// `Canonicalize` (see ``JavaScriptCase/canonicalize(_:)``) by spelling out case variants in the ICU pattern.
struct ECMAScriptRegexTranslator {
    /// A set of UTF-16 code units, as sorted, disjoint ranges.
    typealias UnitSet = [ClosedRange<UInt16>]

    private let units: [UInt16]
    private let caseInsensitive: Bool
    private var position = 0
    private var output = ""

    /// The ICU pattern for `pattern`, or the first construct outside the subset.
    static func translate(_ pattern: String, caseInsensitive: Bool) -> Result<String, RegexDialectIssue> {
        var translator = ECMAScriptRegexTranslator(units: Array(pattern.utf16), caseInsensitive: caseInsensitive)
        do throws(RegexDialectIssue) {
            try translator.parseDisjunction()
            if translator.position < translator.units.count {
                throw translator.issue("unmatched ')'", at: translator.position, length: 1)
            }
            return .success(translator.output)
        } catch {
            return .failure(error)
        }
    }

    private init(units: [UInt16], caseInsensitive: Bool) {
        self.units = units
        self.caseInsensitive = caseInsensitive
    }

    // MARK: - Reading

    private var current: UInt16? {
        position < units.count ? units[position] : nil
    }

    private func unitAt(_ offset: Int) -> UInt16? {
        offset < units.count ? units[offset] : nil
    }

    private func issue(_ explanation: String, at start: Int, length: Int) -> RegexDialectIssue {
        let end = min(start + max(length, 1), units.count)
        let construct = String(decoding: units[min(start, units.count)..<end], as: UTF16.self)
        return RegexDialectIssue(construct: construct, offset: start, explanation: explanation)
    }

    private static func ascii(_ character: Unicode.Scalar) -> UInt16 {
        UInt16(character.value)
    }

    // MARK: - Grammar

    private mutating func parseDisjunction() throws(RegexDialectIssue) {
        try parseAlternative()
        while current == Self.ascii("|") {
            position += 1
            output += "|"
            try parseAlternative()
        }
    }

    private mutating func parseAlternative() throws(RegexDialectIssue) {
        while let unit = current, unit != Self.ascii("|"), unit != Self.ascii(")") {
            try parseTerm()
        }
    }

    private mutating func parseTerm() throws(RegexDialectIssue) {
        let start = position
        guard let unit = current else { return }
        switch unit {
        case Self.ascii("^"):
            position += 1
            output += "^"
            try refuseQuantifier(after: start)
            return
        case Self.ascii("$"):
            position += 1
            output += "\\z"
            try refuseQuantifier(after: start)
            return
        case Self.ascii("\\") where unitAt(position + 1) == Self.ascii("b") || unitAt(position + 1) == Self.ascii("B"):
            let isBoundary = unitAt(position + 1) == Self.ascii("b")
            position += 2
            output += isBoundary ? Self.asciiWordBoundary : Self.asciiNonWordBoundary
            try refuseQuantifier(after: start)
            return
        case Self.ascii("("):
            try parseGroup()
        case Self.ascii("["):
            try emit(parseClass())
        case Self.ascii("."):
            position += 1
            try emit(Self.complement(Self.lineTerminators))
        case Self.ascii("*"), Self.ascii("+"), Self.ascii("?"):
            throw issue("nothing to repeat (a quantifier must follow an atom; possessive quantifiers are not ECMAScript)", at: start, length: 1)
        case Self.ascii("{"):
            throw issue("a literal '{' must be escaped as \\{", at: start, length: 1)
        case Self.ascii("}"):
            throw issue("a literal '}' must be escaped as \\}", at: start, length: 1)
        case Self.ascii("]"):
            throw issue("a literal ']' must be escaped as \\]", at: start, length: 1)
        case Self.ascii("\\"):
            try emitAtomEscape()
        default:
            position += 1
            emitLiteral(unit)
        }
        try parseQuantifier()
    }

    private mutating func refuseQuantifier(after start: Int) throws(RegexDialectIssue) {
        if let unit = current, [Self.ascii("*"), Self.ascii("+"), Self.ascii("?"), Self.ascii("{")].contains(unit) {
            throw issue("an assertion cannot be repeated", at: start, length: position - start + 1)
        }
    }

    private mutating func parseGroup() throws(RegexDialectIssue) {
        let start = position
        position += 1
        var isLookahead = false
        if current == Self.ascii("?") {
            switch unitAt(position + 1) {
            case Self.ascii(":"):
                output += "(?:"
            case Self.ascii("="):
                output += "(?="
                isLookahead = true
            case Self.ascii("!"):
                output += "(?!"
                isLookahead = true
            case Self.ascii("<"):
                let next = unitAt(position + 2)
                if next == Self.ascii("=") || next == Self.ascii("!") {
                    throw issue("look-behind is not in the supported subset", at: start, length: 4)
                }
                throw issue("named groups are not in the supported subset", at: start, length: 3)
            case Self.ascii("P"):
                throw issue("Python-style named groups are not ECMAScript", at: start, length: 3)
            default:
                throw issue("inline flags and other (? group forms are not in the supported subset", at: start, length: 3)
            }
            position += 2
        } else {
            output += "("
        }
        try parseDisjunction()
        guard current == Self.ascii(")") else {
            throw issue("unterminated group", at: start, length: 1)
        }
        position += 1
        output += ")"
        if isLookahead { try refuseQuantifier(after: start) }
    }

    private mutating func parseQuantifier() throws(RegexDialectIssue) {
        let start = position
        guard let unit = current else { return }
        switch unit {
        case Self.ascii("*"), Self.ascii("+"), Self.ascii("?"):
            position += 1
            output += String(Character(Unicode.Scalar(UInt8(unit))))
        case Self.ascii("{"):
            position += 1
            guard let minimum = parseDecimal() else {
                throw issue("a literal '{' must be escaped as \\{", at: start, length: 1)
            }
            var maximum: Int? = minimum
            if current == Self.ascii(",") {
                position += 1
                maximum = parseDecimal()
            }
            guard current == Self.ascii("}") else {
                throw issue("a literal '{' must be escaped as \\{", at: start, length: 1)
            }
            position += 1
            if let maximum, maximum < minimum {
                throw issue("numbers out of order in a {} quantifier", at: start, length: position - start)
            }
            output += "{\(minimum)" + (maximum == minimum ? "}" : ",\(maximum.map(String.init) ?? "")}")
        default:
            return
        }
        if current == Self.ascii("?") {
            position += 1
            output += "?"
        }
    }

    /// A decimal number of at most 5 digits (ICU's bound on repetition counts is far above any real pattern).
    private mutating func parseDecimal() -> Int? {
        var value = 0
        var digits = 0
        while let unit = current, unit >= Self.ascii("0"), unit <= Self.ascii("9"), digits < 5 {
            value = value * 10 + Int(unit - Self.ascii("0"))
            digits += 1
            position += 1
        }
        return digits == 0 ? nil : value
    }

    // MARK: - Escapes

    /// What an escape outside a class stands for.
    private enum Escaped {
        case unit(UInt16)
        case set(UnitSet)
    }

    private mutating func emitAtomEscape() throws(RegexDialectIssue) {
        switch try parseEscape(inClass: false) {
        case .unit(let unit): emitLiteral(unit)
        case .set(let set): try emit(set)
        }
    }

    /// Reads the escape at `position` (a backslash and what follows).
    private mutating func parseEscape(inClass: Bool) throws(RegexDialectIssue) -> Escaped {
        let start = position
        position += 1
        guard let unit = current else {
            throw issue("a pattern cannot end with a backslash", at: start, length: 1)
        }
        position += 1
        guard unit < 0x80 else { return .unit(unit) }
        switch Unicode.Scalar(UInt8(unit)) {
        case "d": return .set(Self.digits)
        case "D": return .set(Self.complement(Self.digits))
        case "w": return .set(Self.wordCharacters)
        case "W": return .set(Self.complement(Self.wordCharacters))
        case "s": return .set(Self.whitespace)
        case "S": return .set(Self.complement(Self.whitespace))
        case "t": return .unit(0x09)
        case "n": return .unit(0x0A)
        case "v": return .unit(0x0B)
        case "f": return .unit(0x0C)
        case "r": return .unit(0x0D)
        case "b" where inClass: return .unit(0x08)
        case "0":
            if let next = current, next >= Self.ascii("0"), next <= Self.ascii("9") {
                throw issue("octal escapes are not in the supported subset", at: start, length: 3)
            }
            return .unit(0)
        case "1"..."9":
            throw issue("back-references (and octal escapes) are not in the supported subset", at: start, length: 2)
        case "x":
            guard let value = parseHex(digits: 2) else {
                throw issue("\\x must be followed by two hexadecimal digits", at: start, length: 2)
            }
            return .unit(value)
        case "u":
            guard let value = parseHex(digits: 4) else {
                throw issue("\\u must be followed by four hexadecimal digits (\\u{…} needs the u flag)", at: start, length: 2)
            }
            return .unit(value)
        case "c":
            guard let letter = current, (Self.ascii("a")...Self.ascii("z")).contains(letter | 0x20) else {
                throw issue("\\c must be followed by a letter", at: start, length: 2)
            }
            position += 1
            return .unit(letter % 32)
        case "p", "P":
            throw issue("Unicode property escapes are not in the supported subset (ECMAScript reads them only with the u flag)", at: start, length: 2)
        case "k":
            throw issue("named back-references are not in the supported subset", at: start, length: 2)
        case "B":
            throw issue("\\B is not allowed inside a character class", at: start, length: 2)
        case "A", "z", "Z", "G":
            throw issue("this anchor is not ECMAScript (use ^ and $)", at: start, length: 2)
        case "Q", "E":
            throw issue("\\Q…\\E quoting is not ECMAScript (escape each character)", at: start, length: 2)
        case "a"..."z", "A"..."Z":
            throw issue("this escape has no meaning shared by ECMAScript and ICU", at: start, length: 2)
        default:
            // Escaped punctuation stands for itself in both dialects.
            return .unit(unit)
        }
    }

    private mutating func parseHex(digits: Int) -> UInt16? {
        guard position + digits <= units.count else { return nil }
        var value: UInt16 = 0
        for offset in 0..<digits {
            let unit = units[position + offset]
            let digit: UInt16
            switch unit {
            case Self.ascii("0")...Self.ascii("9"): digit = unit - Self.ascii("0")
            case Self.ascii("a")...Self.ascii("f"): digit = unit - Self.ascii("a") + 10
            case Self.ascii("A")...Self.ascii("F"): digit = unit - Self.ascii("A") + 10
            default: return nil
            }
            value = value << 4 | digit
        }
        position += digits
        return value
    }

    // MARK: - Classes

    private mutating func parseClass() throws(RegexDialectIssue) -> UnitSet {
        let start = position
        position += 1
        let negated = current == Self.ascii("^")
        if negated { position += 1 }
        if current == Self.ascii("]") {
            throw issue("empty classes [] and [^] are not in the supported subset", at: start, length: position - start + 1)
        }
        var set: UnitSet = []
        while true {
            guard let unit = current else { throw issue("unterminated character class", at: start, length: 1) }
            if unit == Self.ascii("]") {
                position += 1
                break
            }
            let atomStart = position
            let low = try parseClassAtom()
            if current == Self.ascii("-"), let next = unitAt(position + 1), next != Self.ascii("]") {
                position += 1
                let high = try parseClassAtom()
                guard case .unit(let lowUnit) = low, case .unit(let highUnit) = high else {
                    throw issue("a class escape cannot bound a range", at: atomStart, length: position - atomStart)
                }
                guard lowUnit <= highUnit else {
                    throw issue("range out of order in character class", at: atomStart, length: position - atomStart)
                }
                set = Self.union(set, [lowUnit...highUnit])
            } else {
                switch low {
                case .unit(let single): set = Self.union(set, [single...single])
                case .set(let members): set = Self.union(set, members)
                }
            }
        }
        if caseInsensitive { set = Self.withCaseVariants(set) }
        return negated ? Self.complement(set) : set
    }

    private mutating func parseClassAtom() throws(RegexDialectIssue) -> Escaped {
        let start = position
        guard let unit = current else { throw issue("unterminated character class", at: start, length: 1) }
        if unit == Self.ascii("\\") {
            return try parseEscape(inClass: true)
        }
        if unit == Self.ascii("[") {
            if let next = unitAt(position + 1), [Self.ascii(":"), Self.ascii("="), Self.ascii(".")].contains(next) {
                throw issue("POSIX classes are not ECMAScript", at: start, length: 2)
            }
            throw issue("a literal '[' inside a class must be escaped as \\[ (ICU reads it as a nested set)", at: start, length: 1)
        }
        position += 1
        return .unit(unit)
    }

    // MARK: - Output

    private mutating func emitLiteral(_ unit: UInt16) {
        if caseInsensitive, let variants = JavaScriptCase.caseEquivalents[unit] {
            output += Self.icuClass(Self.union([], variants.map { $0...$0 }))
        } else {
            output += Self.icuUnit(unit)
        }
    }

    private mutating func emit(_ set: UnitSet) throws(RegexDialectIssue) {
        output += Self.icuClass(set)
    }

    /// `\x{…}` for the code point that stands for `unit` in a ``RegexSubject``.
    private static func icuUnit(_ unit: UInt16) -> String {
        "\\x{" + String(RegexSubject.codePoint(for: unit), radix: 16) + "}"
    }

    private static func icuClass(_ set: UnitSet) -> String {
        guard !set.isEmpty else { return "[^\\x{0}-\\x{10ffff}]" }
        var text = "["
        for range in set {
            // Surrogate units stand for plane-15 code points, so a range crossing them is split.
            for part in splitAtSurrogates(range) {
                text += part.lowerBound == part.upperBound ? icuUnit(part.lowerBound) : icuUnit(part.lowerBound) + "-" + icuUnit(part.upperBound)
            }
        }
        return text + "]"
    }

    private static func splitAtSurrogates(_ range: ClosedRange<UInt16>) -> [ClosedRange<UInt16>] {
        let boundaries: [ClosedRange<UInt16>] = [0...0xD7FF, 0xD800...0xDFFF, 0xE000...0xFFFF]
        return boundaries.compactMap { part in
            let low = max(part.lowerBound, range.lowerBound)
            let high = min(part.upperBound, range.upperBound)
            return low <= high ? low...high : nil
        }
    }

    // MARK: - Sets

    static let digits: UnitSet = [0x30...0x39]
    static let wordCharacters: UnitSet = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
    /// ECMAScript's WhiteSpace and LineTerminator code points.
    static let whitespace: UnitSet = [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
        0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ]
    static let lineTerminators: UnitSet = [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]

    private static let wordClass = icuClass(wordCharacters)
    private static let asciiWordBoundary = "(?:(?<=\(wordClass))(?!\(wordClass))|(?<!\(wordClass))(?=\(wordClass)))"
    private static let asciiNonWordBoundary = "(?:(?<=\(wordClass))(?=\(wordClass))|(?<!\(wordClass))(?!\(wordClass)))"

    static func union(_ lhs: UnitSet, _ rhs: UnitSet) -> UnitSet {
        let sorted = (lhs + rhs).sorted { $0.lowerBound < $1.lowerBound }
        var merged: UnitSet = []
        for range in sorted {
            if let last = merged.last, Int(range.lowerBound) <= Int(last.upperBound) + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    static func complement(_ set: UnitSet) -> UnitSet {
        var result: UnitSet = []
        var next = 0
        for range in set {
            if Int(range.lowerBound) > next { result.append(UInt16(next)...(range.lowerBound - 1)) }
            next = Int(range.upperBound) + 1
        }
        if next <= 0xFFFF { result.append(UInt16(next)...0xFFFF) }
        return result
    }

    /// `set` with every unit whose ECMAScript canonical form equals a member's.
    static func withCaseVariants(_ set: UnitSet) -> UnitSet {
        var added: UnitSet = []
        for (unit, variants) in JavaScriptCase.caseEquivalents where set.contains(where: { $0.contains(unit) }) {
            added.append(contentsOf: variants.map { $0...$0 })
        }
        return added.isEmpty ? set : union(set, added)
    }
}
