/// Whether a compiled pattern matches anywhere in a text, decided in one pass over the text that follows every state
/// of the automaton at once (Thompson's simulation, as in Pike's VM, RE2 and Rust's `regex`, without captures):
/// each instruction is visited at most once per position, so the time is at most proportional to the text's length
/// times the program's, and no pattern can make it exponential.
///
/// Look-aheads are answered before the pass: each body is compiled reversed and run right to left over the whole
/// text, starting a thread at every position, so a thread reaching `match` at a position means the body matches
/// text starting there; the answers are kept, a bit per position (``RegexScratch``), for the forward pass and for
/// look-aheads around this one, whose answers are computed after it.
enum RegexSearch {
    /// Whether `main` matches somewhere in the text in `scratch`; `lookaheads` are the reversed look-ahead bodies in
    /// the order their answers can be computed.
    static func matches(_ main: RegexProgram, lookaheads: [RegexLookaheadProgram], in scratch: inout RegexScratch) -> Bool {
        for lookahead in lookaheads {
            recordMatchStarts(of: lookahead, in: &scratch)
        }
        return search(main, in: &scratch)
    }

    /// The forward pass: a thread starts at every position (only the first, for a pattern anchored with `^`), and
    /// the search stops at the first thread to reach `match`. While no thread is alive, positions whose unit cannot
    /// start a match are skipped.
    private static func search(_ program: RegexProgram, in scratch: inout RegexScratch) -> Bool {
        scratch.clearLists()
        let length = scratch.length
        var position = 0
        while true {
            if position == 0 || !program.isAnchoredAtStart {
                if scratch.isNextEmpty, let first = program.firstUnits {
                    while position < length && !first.contains(scratch.unit(at: position)) { position += 1 }
                    // Every match consumes a unit.
                    if position == length { return false }
                }
                if addClosure(from: 0, at: position, program, &scratch) { return true }
            }
            if position == length { return false }
            scratch.advance()
            let threads = scratch.currentCount
            if threads == 0 && program.isAnchoredAtStart { return false }
            let unit = scratch.unit(at: position)
            for offset in 0..<threads {
                let instruction = scratch.currentThread(offset)
                if consumes(program.instructions[instruction], unit, program.sets),
                   addClosure(from: instruction + 1, at: position + 1, program, &scratch) {
                    return true
                }
            }
            position += 1
        }
    }

    /// The backward pass for one look-ahead: records every position where its body matches text starting there.
    private static func recordMatchStarts(of lookahead: RegexLookaheadProgram, in scratch: inout RegexScratch) {
        let program = lookahead.reversedBody
        scratch.clearLists()
        var position = scratch.length
        // Whether a thread of the list being built reached `match`.
        var matched = false
        while true {
            if addClosure(from: 0, at: position, program, &scratch) { matched = true }
            if matched { scratch.recordLookaheadMatch(lookahead.index, at: position) }
            if position == 0 { return }
            scratch.advance()
            matched = false
            let unit = scratch.unit(at: position - 1)
            for offset in 0..<scratch.currentCount {
                let instruction = scratch.currentThread(offset)
                if consumes(program.instructions[instruction], unit, program.sets),
                   addClosure(from: instruction + 1, at: position - 1, program, &scratch) {
                    matched = true
                }
            }
            position -= 1
        }
    }

    /// Whether `instruction` consumes `unit`.
    @inline(__always)
    private static func consumes(_ instruction: RegexInstruction, _ unit: UInt16, _ sets: [RegexUnitSet]) -> Bool {
        switch instruction {
        case .unit(let expected): expected == unit
        case .set(let index): sets[index].contains(unit)
        default: false
        }
    }

    /// Adds `start` and every instruction reachable from it without consuming, at `position`, to the next list
    /// (each instruction once per position, which bounds a step's work by the program's length); returns whether
    /// `match` is among them.
    @inline(__always)
    private static func addClosure(from start: Int, at position: Int, _ program: RegexProgram, _ scratch: inout RegexScratch) -> Bool {
        var matched = false
        scratch.push(start)
        while let instruction = scratch.pop() {
            guard scratch.insertNext(instruction) else { continue }
            switch program.instructions[instruction] {
            case .unit, .set:
                break
            case .jump(let target):
                scratch.push(target)
            case .split(let first, let second):
                scratch.push(second)
                scratch.push(first)
            case .assertion(let assertion):
                if scratch.holds(assertion, at: position) { scratch.push(instruction + 1) }
            case .lookahead(let index, let negated):
                if scratch.lookaheadMatches(index, at: position) != negated { scratch.push(instruction + 1) }
            case .match:
                matched = true
            }
        }
        return matched
    }
}
