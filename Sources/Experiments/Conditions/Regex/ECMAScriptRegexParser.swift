/// Parses a GrowthBook `$regex` pattern, read as an ECMAScript regular expression without the `u` flag (what the
/// JavaScript SDK's `new RegExp(pattern, flags)` builds), into a ``RegexNode``, or says which construct is outside
/// the subset Switchyard supports.
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
/// Three limits keep matching time and memory proportional to the text for every accepted pattern: the compiled
/// program has at most ``maximumInstructions`` instructions (counted repetition is expanded: `a{500}` is 500),
/// at most ``maximumLookaheads`` look-aheads (each keeps one bit per position of the text while matching), and
/// groups nest at most ``maximumGroupDepth`` deep.
///
/// Meaning follows ECMAScript exactly: the text is matched as UTF-16 code units (a character outside the Basic
/// Multilingual Plane is two units to `.`, classes and quantifiers, see ``RegexScratch``), `$` matches only at the
/// very end, `.` excludes exactly `\n \r \u2028 \u2029`, and case-insensitive matching uses ECMAScript's
/// `Canonicalize` (see ``JavaScriptCase/canonicalize(_:)``), spelt out in the unit sets.
struct ECMAScriptRegexParser {
    /// The most instructions a pattern may compile to, look-ahead bodies included: a bound on the work per code unit
    /// of the text.
    static let maximumInstructions = 10_000
    /// The most look-aheads `(?=…)` `(?!…)` in one pattern.
    static let maximumLookaheads = 16
    /// The deepest groups may nest.
    static let maximumGroupDepth = 64

    private let units: [UInt16]
    private let caseInsensitive: Bool
    private var position = 0
    private var lookaheadCount = 0
    /// Instructions of the look-ahead programs parsed so far (each body and its `match`).
    private var lookaheadInstructions = 0

    /// The tree for `pattern`, or the first construct outside the subset.
    static func parse(_ pattern: String, caseInsensitive: Bool) -> Result<RegexNode, RegexDialectIssue> {
        var parser = ECMAScriptRegexParser(units: Array(pattern.utf16), caseInsensitive: caseInsensitive)
        do throws(RegexDialectIssue) {
            let node = try parser.parseDisjunction(depth: 0)
            if parser.position < parser.units.count {
                throw parser.issue("unmatched ')'", at: parser.position, length: 1)
            }
            return .success(node)
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

    /// Refuses the construct at `start..<start+length` when a part of the main program that ends with it compiles to
    /// `count` instructions, too many for ``maximumInstructions``: the whole is at least as big.
    private func checkSize(_ count: Int, at start: Int, length: Int) throws(RegexDialectIssue) {
        // The main program's `match`, and the look-ahead programs so far.
        guard count > Self.maximumInstructions - 1 - lookaheadInstructions else { return }
        throw issue(
            "the pattern would compile to more than \(Self.maximumInstructions) instructions, the most a pattern may "
                + "(counted repetition is expanded: a{500} is 500; this limit keeps matching time linear in the text)",
            at: start, length: length
        )
    }

    // MARK: - Grammar

    /// How many instructions `node` compiles to, capped just past the limit (so that sums cannot overflow).
    private static func cappedCount(of node: RegexNode) -> Int {
        min(RegexProgram.instructionCount(of: node), maximumInstructions + 1)
    }

    private mutating func parseDisjunction(depth: Int) throws(RegexDialectIssue) -> RegexNode {
        var branches = [try parseAlternative(depth: depth)]
        var count = Self.cappedCount(of: branches[0])
        while current == Self.ascii("|") {
            let bar = position
            position += 1
            branches.append(try parseAlternative(depth: depth))
            // Each further branch adds a split before the one before it and a jump after it.
            count += Self.cappedCount(of: branches[branches.count - 1]) + 2
            try checkSize(count, at: bar, length: 1)
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseAlternative(depth: Int) throws(RegexDialectIssue) -> RegexNode {
        var terms: [RegexNode] = []
        var count = 0
        while let unit = current, unit != Self.ascii("|"), unit != Self.ascii(")") {
            let start = position
            terms.append(try parseTerm(depth: depth))
            count += Self.cappedCount(of: terms[terms.count - 1])
            try checkSize(count, at: start, length: position - start)
        }
        return terms.count == 1 ? terms[0] : terms.isEmpty ? .empty : .concatenation(terms)
    }

    private mutating func parseTerm(depth: Int) throws(RegexDialectIssue) -> RegexNode {
        let start = position
        guard let unit = current else { return .empty }
        let atom: RegexNode
        switch unit {
        case Self.ascii("^"):
            position += 1
            try refuseQuantifier(after: start)
            return .assertion(.inputStart)
        case Self.ascii("$"):
            position += 1
            try refuseQuantifier(after: start)
            return .assertion(.inputEnd)
        case Self.ascii("\\") where unitAt(position + 1) == Self.ascii("b") || unitAt(position + 1) == Self.ascii("B"):
            let isBoundary = unitAt(position + 1) == Self.ascii("b")
            position += 2
            try refuseQuantifier(after: start)
            return .assertion(isBoundary ? .wordBoundary : .notWordBoundary)
        case Self.ascii("("):
            let (group, isLookahead) = try parseGroup(depth: depth)
            if isLookahead {
                try refuseQuantifier(after: start)
                return group
            }
            atom = group
        case Self.ascii("["):
            atom = .units(try parseClass())
        case Self.ascii("."):
            position += 1
            atom = .units(.dot)
        case Self.ascii("*"), Self.ascii("+"), Self.ascii("?"):
            throw issue("nothing to repeat (a quantifier must follow an atom; possessive quantifiers are not ECMAScript)", at: start, length: 1)
        case Self.ascii("{"):
            throw issue("a literal '{' must be escaped as \\{", at: start, length: 1)
        case Self.ascii("}"):
            throw issue("a literal '}' must be escaped as \\}", at: start, length: 1)
        case Self.ascii("]"):
            throw issue("a literal ']' must be escaped as \\]", at: start, length: 1)
        case Self.ascii("\\"):
            switch try parseEscape(inClass: false) {
            case .unit(let escaped): atom = literal(escaped)
            case .set(let set): atom = .units(set)
            }
        default:
            position += 1
            atom = literal(unit)
        }
        return try parseQuantifier(of: atom)
    }

    private mutating func refuseQuantifier(after start: Int) throws(RegexDialectIssue) {
        if let unit = current, [Self.ascii("*"), Self.ascii("+"), Self.ascii("?"), Self.ascii("{")].contains(unit) {
            throw issue("an assertion cannot be repeated", at: start, length: position - start + 1)
        }
    }

    /// A group: a look-ahead as `.lookahead`, any other group as its contents.
    private mutating func parseGroup(depth: Int) throws(RegexDialectIssue) -> (node: RegexNode, isLookahead: Bool) {
        let start = position
        guard depth < Self.maximumGroupDepth else {
            throw issue("groups nested more than \(Self.maximumGroupDepth) deep are not in the supported subset", at: start, length: 1)
        }
        position += 1
        /// For a look-ahead, whether it is negative and its number, given in the order look-aheads open.
        var lookahead: (negated: Bool, index: Int)?
        if current == Self.ascii("?") {
            switch unitAt(position + 1) {
            case Self.ascii(":"):
                break
            case Self.ascii("="), Self.ascii("!"):
                guard lookaheadCount < Self.maximumLookaheads else {
                    throw issue("more than \(Self.maximumLookaheads) look-aheads in one pattern are not in the supported subset", at: start, length: 3)
                }
                lookahead = (unitAt(position + 1) == Self.ascii("!"), lookaheadCount)
                lookaheadCount += 1
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
        }
        let body = try parseDisjunction(depth: depth + 1)
        guard current == Self.ascii(")") else {
            throw issue("unterminated group", at: start, length: 1)
        }
        position += 1
        guard let lookahead else { return (body, false) }
        // The body becomes a program of its own, run right to left (see ``RegexSearch``).
        lookaheadInstructions += Self.cappedCount(of: body) + 1
        let node = RegexNode.lookahead(body, negated: lookahead.negated, index: lookahead.index)
        try checkSize(RegexProgram.instructionCount(of: node), at: start, length: position - start)
        return (node, true)
    }

    private mutating func parseQuantifier(of atom: RegexNode) throws(RegexDialectIssue) -> RegexNode {
        let start = position
        guard let unit = current else { return atom }
        let minimum: Int
        let maximum: Int?
        switch unit {
        case Self.ascii("*"):
            position += 1
            (minimum, maximum) = (0, nil)
        case Self.ascii("+"):
            position += 1
            (minimum, maximum) = (1, nil)
        case Self.ascii("?"):
            position += 1
            (minimum, maximum) = (0, 1)
        case Self.ascii("{"):
            position += 1
            guard let lower = parseDecimal() else {
                throw issue("a literal '{' must be escaped as \\{", at: start, length: 1)
            }
            var upper: Int? = lower
            if current == Self.ascii(",") {
                position += 1
                upper = parseDecimal()
            }
            guard current == Self.ascii("}") else {
                throw issue("a literal '{' must be escaped as \\{", at: start, length: 1)
            }
            position += 1
            if let upper, upper < lower {
                throw issue("numbers out of order in a {} quantifier", at: start, length: position - start)
            }
            (minimum, maximum) = (lower, upper)
        default:
            return atom
        }
        // Lazy and greedy quantifiers match the same texts; only which match is reported differs.
        if current == Self.ascii("?") {
            position += 1
        }
        let node = RegexNode.repetition(atom, minimum: minimum, maximum: maximum)
        try checkSize(RegexProgram.instructionCount(of: node), at: start, length: position - start)
        return node
    }

    /// A decimal number; a longer one than any repetition could use is read as 1,000,000,000 (and then refused
    /// by the size limit).
    private mutating func parseDecimal() -> Int? {
        var value = 0
        var digits = 0
        while let unit = current, unit >= Self.ascii("0"), unit <= Self.ascii("9") {
            value = min(value * 10 + Int(unit - Self.ascii("0")), 1_000_000_000)
            digits += 1
            position += 1
        }
        return digits == 0 ? nil : value
    }

    /// A literal unit, with its case variants under the `i` flag.
    private func literal(_ unit: UInt16) -> RegexNode {
        if caseInsensitive, let variants = JavaScriptCase.caseEquivalents[unit] {
            return .units(RegexUnitSet(variants.map { $0...$0 }))
        }
        return .units(RegexUnitSet(unit: unit))
    }

    // MARK: - Escapes

    /// What an escape stands for.
    private enum Escaped {
        case unit(UInt16)
        case set(RegexUnitSet)
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
        case "d": return .set(.digits)
        case "D": return .set(RegexUnitSet.digits.complement)
        case "w": return .set(.wordCharacters)
        case "W": return .set(RegexUnitSet.wordCharacters.complement)
        case "s": return .set(.whitespace)
        case "S": return .set(RegexUnitSet.whitespace.complement)
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
            throw issue("this escape is not in the supported subset (ECMAScript reads it as the bare letter, other dialects differently)", at: start, length: 2)
        default:
            // Escaped punctuation stands for itself.
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

    private mutating func parseClass() throws(RegexDialectIssue) -> RegexUnitSet {
        let start = position
        position += 1
        let negated = current == Self.ascii("^")
        if negated { position += 1 }
        if current == Self.ascii("]") {
            throw issue("empty classes [] and [^] are not in the supported subset", at: start, length: position - start + 1)
        }
        var members: [ClosedRange<UInt16>] = []
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
                members.append(lowUnit...highUnit)
            } else {
                switch low {
                case .unit(let single): members.append(single...single)
                case .set(let set): members.append(contentsOf: set.ranges)
                }
            }
        }
        var set = RegexUnitSet(members)
        if caseInsensitive { set = set.withCaseVariants }
        return negated ? set.complement : set
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
            throw issue("a literal '[' inside a class must be escaped as \\[ (other dialects read it as a nested set)", at: start, length: 1)
        }
        position += 1
        return .unit(unit)
    }
}
