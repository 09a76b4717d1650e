/// A deterministic automaton built from a ``RegexProgram`` by subset construction, when the program is small and
/// simple enough: then a search is one table lookup per code unit, whatever the pattern, `(a+)+$` included.
///
/// Each state stands for the set of program threads alive at a position (after following every instruction that
/// consumes nothing), so it is built once, when the pattern is compiled, and never changes: matching reads it from
/// any thread without a lock. Only programs whose assertions are `^` and `$` qualify (a state cannot know the
/// units either side of a position, which `\b` needs, nor look ahead); `^` holds only in the state at position 0,
/// and a state remembers the `$` its threads wait at, to decide a match at the end of the text. Construction gives
/// up, and ``RegexSearch`` runs the program itself, past ``maximumInstructions``, ``maximumStates`` or
/// ``maximumWork``, which bound the time and memory a hostile pattern can cost when it is compiled.
///
/// A class, so that a search reads the tables in place instead of copying (and reference counting) each of them.
final class RegexDFA: Sendable {
    /// The longest program a DFA is built for.
    static let maximumInstructions = 500
    /// The most states.
    static let maximumStates = 2_048
    /// The most transitions (states times classes): the table's size.
    static let maximumTransitions = 32_768
    /// The most instructions construction may visit, over all the states it builds.
    static let maximumWork = 2_000_000

    private let classes: RegexUnitClasses
    /// `transitions[row + class]`, where `row` is a state's number times the number of classes: the state after
    /// consuming a unit of that class, as its own row shifted left by 3, or'ed with its flags (``accepting``,
    /// ``dead``, ``acceptingAtEnd``), so one load per unit gives both.
    private let transitions: [UInt32]
    /// The flags of the state at position 0.
    private let initialFlags: UInt32
    /// A thread of the state has reached `match`.
    private static let accepting: UInt32 = 1
    /// No thread is alive and none will start (the pattern is anchored with `^`): no match can follow.
    private static let dead: UInt32 = 2
    /// At the end of the text, a thread waiting at `$` reaches `match`.
    private static let acceptingAtEnd: UInt32 = 4
    private static let flagBits: UInt32 = 3

    /// The state at position 0 is state 0.
    private static let initialState = 0
    /// Whether the pattern matches the empty text, where `^` and `$` both hold.
    private let matchesEmptyText: Bool

    /// The automaton for `program`, or nil if the program does not qualify or exceeds a bound.
    init?(_ program: RegexProgram) {
        guard program.instructions.count <= Self.maximumInstructions,
              program.instructions.allSatisfy(Self.qualifies),
              let classes = RegexUnitClasses(program)
        else { return nil }
        var builder = Builder(program: program, classes: classes)
        guard builder.build() else { return nil }
        self.classes = classes
        self.transitions = builder.transitions.map { target in
            UInt32(Int(target) * classes.count) << Self.flagBits | builder.flags[Int(target)]
        }
        self.initialFlags = builder.flags[Self.initialState]
        self.matchesEmptyText = builder.matchesEmptyText()
    }

    private static func qualifies(_ instruction: RegexInstruction) -> Bool {
        switch instruction {
        case .assertion(.wordBoundary), .assertion(.notWordBoundary), .lookahead: false
        default: true
        }
    }

    /// Whether the pattern matches somewhere in `scratch`'s text.
    func matches(in scratch: borrowing RegexScratch) -> Bool {
        guard scratch.length > 0 else { return matchesEmptyText }
        if initialFlags & Self.accepting != 0 { return true }
        var row = Self.initialState * classes.count
        var flags = initialFlags
        for position in 0..<scratch.length {
            let next = transitions[row + classes.classOf(scratch.unit(at: position))]
            row = Int(next >> Self.flagBits)
            flags = next & (1 << Self.flagBits - 1)
            if flags & (Self.accepting | Self.dead) != 0 { return flags & Self.accepting != 0 }
        }
        return flags & Self.acceptingAtEnd != 0
    }

    /// Subset construction, breadth first from the state at position 0.
    private struct Builder {
        let program: RegexProgram
        let classes: RegexUnitClasses
        /// The target state of each transition, by state and class.
        var transitions: [UInt16] = []
        /// Per state: ``RegexDFA/accepting``, ``RegexDFA/dead`` and ``RegexDFA/acceptingAtEnd`` bits.
        var flags: [UInt32] = []
        /// The states found so far, by their threads, the `$` they wait at, and whether `match` was reached.
        private var stateByKey: [[Int32]: Int] = [:]
        private var keys: [[Int32]] = []
        private var work = 0
        /// Per instruction: whether it was visited by the closure being computed (reset after each).
        private var visited: [Bool]

        init(program: RegexProgram, classes: RegexUnitClasses) {
            self.program = program
            self.classes = classes
            visited = Array(repeating: false, count: program.instructions.count)
        }

        /// Builds every state and transition; false if a bound was exceeded.
        mutating func build() -> Bool {
            guard let initial = state(from: [0], atStart: true) else { return false }
            assert(initial == RegexDFA.initialState)
            var next = 0
            while next < keys.count {
                let threads = keys[next].prefix { $0 >= 0 }
                for representative in classes.representatives {
                    var seeds: [Int] = []
                    for thread in threads where consumes(Int(thread), representative) { seeds.append(Int(thread) + 1) }
                    if !program.isAnchoredAtStart { seeds.append(0) }
                    guard let target = state(from: seeds, atStart: false) else { return false }
                    transitions.append(UInt16(target))
                }
                next += 1
            }
            return true
        }

        /// Whether `match` is reached at position 0 of an empty text.
        mutating func matchesEmptyText() -> Bool {
            closure(from: [0], atStart: true, atEnd: true).matched
        }

        private func consumes(_ instruction: Int, _ unit: UInt16) -> Bool {
            switch program.instructions[instruction] {
            case .unit(let expected): expected == unit
            case .set(let index): program.sets[index].contains(unit)
            default: false
            }
        }

        /// The state whose threads are those reached from `seeds` (at the start of the text, or after it), added if
        /// new; nil past a bound.
        private mutating func state(from seeds: [Int], atStart: Bool) -> Int? {
            let (threads, waiting, matched) = closure(from: seeds, atStart: atStart, atEnd: false)
            let key = threads.map(Int32.init) + [-1] + waiting.map(Int32.init) + [matched ? -2 : -3]
            if let known = stateByKey[key] { return known }
            guard keys.count < RegexDFA.maximumStates, (keys.count + 1) * classes.count <= RegexDFA.maximumTransitions else {
                return nil
            }
            var flag: UInt32 = 0
            if matched { flag |= RegexDFA.accepting }
            if threads.isEmpty && waiting.isEmpty && !matched && program.isAnchoredAtStart { flag |= RegexDFA.dead }
            // At the end of the text `$` holds (and `^` does not: the text is not empty).
            if closure(from: waiting.map { $0 + 1 }, atStart: false, atEnd: true).matched { flag |= RegexDFA.acceptingAtEnd }
            guard work <= RegexDFA.maximumWork else { return nil }
            stateByKey[key] = keys.count
            keys.append(key)
            flags.append(flag)
            return keys.count - 1
        }

        /// The consuming instructions reached from `seeds` without consuming, the `$` assertions reached (when not
        /// `atEnd`), and whether `match` was, each list sorted.
        private mutating func closure(from seeds: [Int], atStart: Bool, atEnd: Bool) -> (threads: [Int], waiting: [Int], matched: Bool) {
            var threads: [Int] = []
            var waiting: [Int] = []
            var matched = false
            var touched: [Int] = []
            var pending = Array(seeds.reversed())
            while let instruction = pending.popLast() {
                guard !visited[instruction] else { continue }
                visited[instruction] = true
                touched.append(instruction)
                work += 1
                switch program.instructions[instruction] {
                case .unit, .set: threads.append(instruction)
                case .jump(let target): pending.append(target)
                case .split(let first, let second): pending.append(contentsOf: [second, first])
                case .assertion(.inputStart): if atStart { pending.append(instruction + 1) }
                case .assertion(.inputEnd):
                    if atEnd { pending.append(instruction + 1) } else { waiting.append(instruction) }
                case .match: matched = true
                case .assertion, .lookahead: assertionFailure("not a DFA instruction")
                }
            }
            for instruction in touched { visited[instruction] = false }
            return (threads.sorted(), waiting.sorted(), matched)
        }
    }
}
