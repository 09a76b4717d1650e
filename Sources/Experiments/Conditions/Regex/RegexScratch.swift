/// The working memory of one `$regex` search (``RegexSearch``, ``RegexDFA``): the text's UTF-16 code units, the two
/// thread lists of the automaton simulation, the stack that follows instructions consuming nothing, and the answers
/// of the pattern's look-aheads at each position.
///
/// The memory is ``EvaluationMemory``'s temporary slots (on the stack when small, so a search of a short attribute
/// allocates nothing) and lives only for the closure ``with(text:instructionCapacity:lookaheadCount:_:)`` runs:
/// the type is non-copyable, and reaches the search only as an argument it cannot keep.
///
/// ECMAScript without the `u` flag matches code units, not characters: a character outside the Basic Multilingual
/// Plane is two units to `.`, classes and quantifiers, so `/^.$/` does not match `"😀"`. An ASCII text, the common
/// case, is read in place (each byte is its code unit); any other is copied as UTF-16.
///
/// Each thread list is a sparse set of instruction indexes (Briggs and Torczon): insertion, membership and clearing
/// in constant time, iteration in insertion order.
struct RegexScratch: ~Copyable {
    /// The text's code units.
    private let text: EvaluationMemory.CodeUnits
    /// The dense and sparse arrays of the current list and of the next one (swapped by ``advance()``), each
    /// `capacity` entries.
    private var currentDense: EvaluationMemory.Slots<Int32>
    private var currentSparse: EvaluationMemory.Slots<Int32>
    private var nextDense: EvaluationMemory.Slots<Int32>
    private var nextSparse: EvaluationMemory.Slots<Int32>
    /// How many threads the current list holds.
    private(set) var currentCount = 0
    private var nextCount = 0
    /// `2 * capacity + 2` entries: a closure lists each instruction once and pushes at most two after listing it.
    private let stack: EvaluationMemory.Slots<Int32>
    private var stackCount = 0
    private let capacity: Int
    /// One bit per position (0 through the text's length) for each look-ahead, `wordsPerTable` words each.
    private let tables: EvaluationMemory.Slots<UInt64>
    private let wordsPerTable: Int

    /// How many code units the text has; positions run from 0 to this.
    var length: Int { text.count }

    /// Runs `body` with scratch memory for `text`, programs of at most `instructionCapacity` instructions (0 when
    /// only the text is read, as by ``RegexDFA``), and `lookaheadCount` look-ahead tables, all cleared.
    static func with<Result>(
        text: String, instructionCapacity: Int, lookaheadCount: Int, _ body: (inout RegexScratch) -> Result
    ) -> Result {
        EvaluationMemory.CodeUnits.with(text) { units in
            let wordsPerTable = lookaheadCount == 0 ? 0 : (units.count + 1 + 63) / 64
            // Sparse entries are read before they are written (and then checked against the dense array): the
            // slots start cleared.
            return EvaluationMemory.withTemporarySlots(
                int32Count: instructionCapacity == 0 ? 0 : 6 * instructionCapacity + 2,
                wordCount: lookaheadCount * wordsPerTable
            ) { lists, tables in
                var scratch = RegexScratch(
                    text: units, lists: lists, capacity: instructionCapacity, tables: tables, wordsPerTable: wordsPerTable
                )
                return body(&scratch)
            }
        }
    }

    private init(
        text: EvaluationMemory.CodeUnits, lists: EvaluationMemory.Slots<Int32>, capacity: Int, tables: EvaluationMemory.Slots<UInt64>,
        wordsPerTable: Int
    ) {
        self.text = text
        self.currentDense = lists.slots(from: 0, count: capacity)
        self.currentSparse = lists.slots(from: capacity, count: capacity)
        self.nextDense = lists.slots(from: 2 * capacity, count: capacity)
        self.nextSparse = lists.slots(from: 3 * capacity, count: capacity)
        self.stack = lists.slots(from: 4 * capacity, count: capacity == 0 ? 0 : 2 * capacity + 2)
        self.capacity = capacity
        self.tables = tables
        self.wordsPerTable = wordsPerTable
    }

    // MARK: - The text

    /// The code unit after `position`, which is below ``length``.
    @inline(__always)
    func unit(at position: Int) -> UInt16 {
        text[position]
    }

    /// Whether `assertion` holds at `position`.
    @inline(__always)
    func holds(_ assertion: RegexNode.Assertion, at position: Int) -> Bool {
        switch assertion {
        case .inputStart: return position == 0
        case .inputEnd: return position == length
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && RegexUnitSet.wordCharacters.contains(unit(at: position - 1))
            let after = position < length && RegexUnitSet.wordCharacters.contains(unit(at: position))
            return (before != after) == (assertion == .wordBoundary)
        }
    }

    // MARK: - Look-ahead answers

    /// Whether look-ahead `index`'s body matches text starting at `position`, as recorded.
    @inline(__always)
    func lookaheadMatches(_ index: Int, at position: Int) -> Bool {
        let bit = index * wordsPerTable * 64 + position
        return tables[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }

    /// Records that look-ahead `index`'s body matches text starting at `position`.
    mutating func recordLookaheadMatch(_ index: Int, at position: Int) {
        let bit = index * wordsPerTable * 64 + position
        tables[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    // MARK: - Thread lists

    /// The instruction of the current list's thread at `offset`, below ``currentCount``.
    @inline(__always)
    func currentThread(_ offset: Int) -> Int {
        assert(offset >= 0 && offset < currentCount)
        return Int(currentDense[offset])
    }

    /// Adds instruction `instruction` to the next list; false if it is already there.
    @inline(__always)
    mutating func insertNext(_ instruction: Int) -> Bool {
        assert(instruction >= 0 && instruction < capacity, "instruction \(instruction) outside the scratch's capacity")
        let slot = Int(nextSparse[instruction])
        if slot < nextCount && Int(nextDense[slot]) == instruction { return false }
        nextDense[nextCount] = Int32(truncatingIfNeeded: instruction)
        nextSparse[instruction] = Int32(truncatingIfNeeded: nextCount)
        nextCount += 1
        return true
    }

    /// Whether the next list holds no thread yet.
    var isNextEmpty: Bool { nextCount == 0 }

    /// Makes the next list current and starts an empty next list.
    @inline(__always)
    mutating func advance() {
        swap(&currentDense, &nextDense)
        swap(&currentSparse, &nextSparse)
        currentCount = nextCount
        nextCount = 0
    }

    /// Empties both lists.
    mutating func clearLists() {
        currentCount = 0
        nextCount = 0
    }

    // MARK: - The closure stack

    /// Pushes `instruction`; a closure pushes each instruction at most twice, after inserting it in a list.
    @inline(__always)
    mutating func push(_ instruction: Int) {
        assert(stackCount < 2 * capacity + 2, "closure stack overflow")
        stack[stackCount] = Int32(truncatingIfNeeded: instruction)
        stackCount += 1
    }

    /// The instruction last pushed, or nil when the stack is empty.
    @inline(__always)
    mutating func pop() -> Int? {
        guard stackCount > 0 else { return nil }
        stackCount -= 1
        return Int(stack[stackCount])
    }
}
