/// A look-ahead's body compiled right to left, which ``RegexSearch`` runs backward over the text to learn where the
/// body matches text starting at each position.
struct RegexLookaheadProgram: Sendable {
    /// The look-ahead's number in its pattern (``RegexNode/lookahead(_:negated:index:)``).
    let index: Int
    /// The body, reversed (``RegexNode/reversed``), then `match`.
    let reversedBody: RegexProgram
}
