/// One instruction of a ``RegexProgram``: a state of the pattern's automaton (Thompson's construction).
///
/// Consuming instructions (`unit`, `set`) continue at the next instruction after one code unit; the others are
/// followed without consuming anything.
enum RegexInstruction: Sendable, Hashable {
    /// Consumes this code unit.
    case unit(UInt16)
    /// Consumes a code unit in the program's set at this index.
    case set(Int)
    /// Continues at both instructions.
    case split(Int, Int)
    /// Continues at the instruction.
    case jump(Int)
    /// Continues at the next instruction if the assertion holds at the current position.
    case assertion(RegexNode.Assertion)
    /// Continues at the next instruction if look-ahead `index` holds (or, negated, fails) at the current position.
    case lookahead(index: Int, negated: Bool)
    /// The pattern has matched.
    case match
}
