/// A ``RegexNode`` compiled to the instructions of its automaton (Thompson's construction), which ``RegexSearch``
/// runs over the text in one pass, every state at once (time proportional to the text's length times the
/// program's, whatever the pattern), or ``RegexDFA`` turns into a deterministic automaton.
///
/// Counted repetition is expanded (`a{2,4}` is `aaa?a?`), so a program's length is bounded by
/// ``ECMAScriptRegexParser/maximumInstructions``, which the parser checks with ``instructionCount(of:)`` before
/// anything is built.
struct RegexProgram: Sendable {
    /// The instructions; the first is where matching starts.
    private(set) var instructions: [RegexInstruction] = []
    /// The sets `RegexInstruction.set` refers to.
    private(set) var sets: [RegexUnitSet] = []
    /// Whether every match must start at the beginning of the input (the pattern starts with `^` in every branch),
    /// so no thread needs starting after the first position.
    private(set) var isAnchoredAtStart = false
    /// The units a match can start with, when every match consumes at least one: a search with no thread alive
    /// skips the positions whose unit is not among them. Nil when a match may be empty or may start with anything.
    private(set) var firstUnits: RegexUnitSet?
    /// The program matching `node` (then `.match`).
    init(_ node: RegexNode) {
        emit(node)
        instructions.append(.match)
        isAnchoredAtStart = Self.isAnchoredAtStart(node)
        firstUnits = computeFirstUnits()
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

    // MARK: - The first units

    /// The union of the units the instructions first reached can consume, or nil if `match` is among them.
    private func computeFirstUnits() -> RegexUnitSet? {
        var visited = Array(repeating: false, count: instructions.count)
        var pending = [0]
        var ranges: [ClosedRange<UInt16>] = []
        while let instruction = pending.popLast() {
            guard !visited[instruction] else { continue }
            visited[instruction] = true
            switch instructions[instruction] {
            case .unit(let unit): ranges.append(unit...unit)
            case .set(let index): ranges.append(contentsOf: sets[index].ranges)
            case .split(let first, let second): pending.append(contentsOf: [first, second])
            case .jump(let target): pending.append(target)
            // Whether an assertion holds is not known here: assume it does.
            case .assertion, .lookahead: pending.append(instruction + 1)
            case .match: return nil
            }
        }
        let first = RegexUnitSet(ranges)
        return first.ranges == [0...0xFFFF] ? nil : first
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
            let split = reserveInstruction()
            emit(branch)
            jumps.append(reserveInstruction())
            instructions[split] = .split(split + 1, instructions.count)
        }
        if let last = branches.last { emit(last) }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
    }

    /// `count` nested optional copies: `split(body, end); body; split(body, end); body; …; end`.
    private mutating func emitOptionalCopies(of body: RegexNode, count: Int) {
        var splits: [Int] = []
        for _ in 0..<count {
            splits.append(reserveInstruction())
            emit(body)
        }
        for split in splits { instructions[split] = .split(split + 1, instructions.count) }
    }

    /// `loop: split(body, end); body; jump(loop); end`.
    private mutating func emitStar(_ body: RegexNode) {
        let loop = reserveInstruction()
        emit(body)
        instructions.append(.jump(loop))
        instructions[loop] = .split(loop + 1, instructions.count)
    }

    /// Appends an instruction whose targets are not known yet and returns its index; the caller
    /// overwrites it with its split or jump once the code it branches over has been emitted.
    private mutating func reserveInstruction() -> Int {
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
