/// A parsed `$regex` pattern (see ``ECMAScriptRegexParser``), as the tree ``RegexProgram`` compiles.
///
/// Only what decides whether the pattern matches somewhere is kept: groups are their contents, greedy and lazy
/// quantifiers are the same repetition, and case-insensitivity is already spelt out in the unit sets.
indirect enum RegexNode: Sendable, Hashable {
    /// Matches the empty string.
    case empty
    /// Consumes one code unit in the set.
    case units(RegexUnitSet)
    /// Consumes nothing; holds or not at a position.
    case assertion(RegexNode.Assertion)
    /// Each part in turn.
    case concatenation([RegexNode])
    /// Any one of the branches.
    case alternation([RegexNode])
    /// The node `minimum` times or more, at most `maximum` times (nil: no bound).
    case repetition(RegexNode, minimum: Int, maximum: Int?)
    /// `(?=…)` or `(?!…)`: holds where the body matches (or, negated, does not match) text starting there.
    /// `index` numbers the look-aheads of a pattern from 0, in the order they open.
    case lookahead(RegexNode, negated: Bool, index: Int)

    /// Assertions that depend only on the position and the code units either side of it.
    enum Assertion: Sendable, Hashable {
        /// `^` without the m flag: the start of the input.
        case inputStart
        /// `$` without the m flag: the end of the input.
        case inputEnd
        /// `\b`: an ASCII word character on exactly one side.
        case wordBoundary
        /// `\B`: not a word boundary.
        case notWordBoundary
    }

    /// The same pattern read right to left: it matches the reversed text of each match of `self`. Assertions keep
    /// their meaning at a position, so a look-ahead inside stays a look-ahead (its answers are computed apart).
    var reversed: RegexNode {
        switch self {
        case .empty, .units, .assertion, .lookahead: self
        case .concatenation(let parts): .concatenation(parts.reversed().map(\.reversed))
        case .alternation(let branches): .alternation(branches.map(\.reversed))
        case .repetition(let node, let minimum, let maximum): .repetition(node.reversed, minimum: minimum, maximum: maximum)
        }
    }

    /// The look-aheads in `self` with their bodies, each once, every one after those inside its body: the order in
    /// which their answers can be computed.
    var lookaheads: [(body: RegexNode, index: Int)] {
        var found: [(body: RegexNode, index: Int)] = []
        collectLookaheads(into: &found)
        return found
    }

    private func collectLookaheads(into found: inout [(body: RegexNode, index: Int)]) {
        switch self {
        case .empty, .units, .assertion: break
        case .concatenation(let nodes), .alternation(let nodes):
            for node in nodes { node.collectLookaheads(into: &found) }
        case .repetition(let node, _, _):
            node.collectLookaheads(into: &found)
        case .lookahead(let body, _, let index):
            body.collectLookaheads(into: &found)
            found.append((body, index))
        }
    }
}
