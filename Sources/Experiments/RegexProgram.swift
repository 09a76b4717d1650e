/// A ``RegexNode`` compiled to the instructions of its automaton (Thompson's construction), which ``RegexSearch``
/// runs over the text in one pass, every state at once: time proportional to the text's length times the
/// program's, whatever the pattern.
///
/// Counted repetition is expanded (`a{2,4}` is `aaa?a?`), so a program's length is bounded by
/// ``ConditionRegex/maximumInstructions``, which ``instructionCount(of:)`` checks before anything is built.
struct RegexProgram: Sendable {
    /// The instructions; the first is where matching starts.
    private(set) var instructions: [RegexInstruction] = []
    /// The sets `RegexInstruction.set` refers to.
    private(set) var sets: [RegexUnitSet] = []
    /// Whether every match must start at the beginning of the input (the pattern starts with `^` in every branch),
    /// so no thread needs starting after the first position.
    private(set) var isAnchoredAtStart = false

    /// The program matching `node` (then `.match`).
    init(_ node: RegexNode) {
        emit(node)
        instructions.append(.match)
        isAnchoredAtStart = Self.isAnchoredAtStart(node)
    }

    // MARK: - Size

    /// How many instructions `node` compiles to, without compiling it; saturates rather than overflow.
    static func instructionCount(of node: RegexNode) -> Int {
        switch node {
        case .empty: return 0
        case .units, .assertion, .lookahead: return 1
        case .concatenation(let parts):
            return parts.reduce(0) { saturatingAdd($0, instructionCount(of: $1)) }
        case .alternation(let branches):
            // A split before every branch but the last, a jump after every branch but the last.
            return branches.reduce(2 * (branches.count - 1)) { saturatingAdd($0, instructionCount(of: $1)) }
        case .repetition(let body, let minimum, let maximum):
            let size = instructionCount(of: body)
            let required = saturatingMultiply(size, minimum)
            guard let maximum else { return saturatingAdd(required, saturatingAdd(size, 2)) }
            return saturatingAdd(required, saturatingMultiply(size + 1, maximum - minimum))
        }
    }

    private static func saturatingAdd(_ lhs: Int, _ rhs: Int) -> Int {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        return overflow ? .max : sum
    }

    private static func saturatingMultiply(_ lhs: Int, _ rhs: Int) -> Int {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        return overflow ? .max : product
    }

    // MARK: - Compilation

    private mutating func emit(_ node: RegexNode) {
        switch node {
        case .empty:
            break
        case .units(let set):
            if let unit = set.singleUnit {
                instructions.append(.unit(unit))
            } else {
                instructions.append(.set(index(of: set)))
            }
        case .assertion(let assertion):
            instructions.append(.assertion(assertion))
        case .lookahead(_, let negated, let index):
            instructions.append(.lookahead(index: index, negated: negated))
        case .concatenation(let parts):
            for part in parts { emit(part) }
        case .alternation(let branches):
            emitAlternation(branches)
        case .repetition(let body, let minimum, let maximum):
            for _ in 0..<minimum { emit(body) }
            if let maximum {
                emitOptionalCopies(of: body, count: maximum - minimum)
            } else {
                emitStar(body)
            }
        }
    }

    /// `split(first, next); first; jump(end); next: split(second, next'); second; jump(end); …; last; end`.
    private mutating func emitAlternation(_ branches: [RegexNode]) {
        var jumps: [Int] = []
        for branch in branches.dropLast() {
            let split = placeholder()
            emit(branch)
            jumps.append(placeholder())
            instructions[split] = .split(split + 1, instructions.count)
        }
        if let last = branches.last { emit(last) }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
    }

    /// `count` nested optional copies: `split(body, end); body; split(body, end); body; …; end`.
    private mutating func emitOptionalCopies(of body: RegexNode, count: Int) {
        var splits: [Int] = []
        for _ in 0..<count {
            splits.append(placeholder())
            emit(body)
        }
        for split in splits { instructions[split] = .split(split + 1, instructions.count) }
    }

    /// `loop: split(body, end); body; jump(loop); end`.
    private mutating func emitStar(_ body: RegexNode) {
        let loop = placeholder()
        emit(body)
        instructions.append(.jump(loop))
        instructions[loop] = .split(loop + 1, instructions.count)
    }

    private mutating func placeholder() -> Int {
        instructions.append(.match)
        return instructions.count - 1
    }

    private mutating func index(of set: RegexUnitSet) -> Int {
        if let existing = sets.firstIndex(of: set) { return existing }
        sets.append(set)
        return sets.count - 1
    }

    /// Whether every match of `node` starts with `^`.
    private static func isAnchoredAtStart(_ node: RegexNode) -> Bool {
        switch node {
        case .assertion(.inputStart): true
        case .concatenation(let parts): parts.first.map(isAnchoredAtStart) ?? false
        case .alternation(let branches): !branches.isEmpty && branches.allSatisfy(isAnchoredAtStart)
        case .repetition(let body, let minimum, _): minimum > 0 && isAnchoredAtStart(body)
        default: false
        }
    }
}
