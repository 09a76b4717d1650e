/// A `$regex` pattern, parsed from ECMAScript by ``ECMAScriptRegexParser`` and compiled once to an automaton,
/// matched anywhere in the text as the JavaScript SDK's `new RegExp(pattern, flags).test(value)` does.
///
/// Matching takes time linear in the text for a given pattern, whatever the pattern: a small pattern without `\b`
/// or look-ahead is a deterministic automaton built once (``RegexDFA``), one table lookup per code unit; any other
/// runs its program with every thread at once (``RegexSearch``). `(a+)+$` on 10,000 `a`s and an `X` is answered in
/// microseconds, with the answer JavaScript's semantics define, where a backtracking engine would run for longer
/// than the universe has existed. No answer depends on a clock. The parser's limits
/// (``ECMAScriptRegexParser/maximumInstructions`` and the others) bound the work per code unit.
final class ConditionRegex: Sendable {
    private let program: RegexProgram
    /// The look-aheads' reversed bodies, each after those inside it.
    private let lookaheads: [RegexLookaheadProgram]
    /// The longest program's length: the thread lists' size.
    private let instructionCapacity: Int
    /// The program as a deterministic automaton, when it qualifies: then a search is a table lookup per code unit.
    private let automaton: RegexDFA?

    /// How a pattern is matched.
    enum Engine {
        /// A deterministic automaton where the program qualifies (``RegexDFA``), else every thread at once.
        case automatonWhereItQualifies
        /// Every thread at once (``RegexSearch``), always: what tests compare the automaton with.
        case threads
    }

    /// Compiles `pattern` (case-insensitively for `$regexi`), or names the first construct outside the subset.
    static func compile(
        _ pattern: String, caseInsensitive: Bool, engine: Engine = .automatonWhereItQualifies
    ) -> Result<ConditionRegex, RegexDialectIssue> {
        ECMAScriptRegexParser.parse(pattern, caseInsensitive: caseInsensitive).map { ConditionRegex($0, engine: engine) }
    }

    /// Whether matching uses a deterministic automaton.
    var usesAutomaton: Bool { automaton != nil }

    private init(_ node: RegexNode, engine: Engine) {
        program = RegexProgram(node)
        lookaheads = node.lookaheads.map { body, index in
            RegexLookaheadProgram(index: index, reversedBody: RegexProgram(body.reversed))
        }
        instructionCapacity = lookaheads.reduce(program.instructions.count) { max($0, $1.reversedBody.instructions.count) }
        automaton = lookaheads.isEmpty && engine == .automatonWhereItQualifies ? RegexDFA(program) : nil
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        if let automaton {
            return RegexScratch.with(text: text, instructionCapacity: 0, lookaheadCount: 0) { scratch in
                automaton.matches(in: scratch)
            }
        }
        return RegexScratch.with(text: text, instructionCapacity: instructionCapacity, lookaheadCount: lookaheads.count) { scratch in
            RegexSearch.matches(program, lookaheads: lookaheads, in: &scratch)
        }
    }
}
