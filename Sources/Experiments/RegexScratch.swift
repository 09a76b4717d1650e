/// The working memory of one `$regex` search (``RegexSearch``), and the only place the engine touches memory
/// directly: the text as UTF-16 code units, the two thread lists of the automaton simulation, the stack that follows
/// instructions consuming nothing, and the answers of the pattern's look-aheads at each position.
///
/// The memory comes from `withUnsafeTemporaryAllocation` (on the stack when small, so a search of a short attribute
/// allocates nothing) and lives only for the closure ``with(text:instructionCapacity:lookaheadCount:_:)`` runs:
/// the type is non-copyable, and reaches the search only as an `inout` argument it cannot keep.
///
/// ECMAScript without the `u` flag matches code units, not characters: a character outside the Basic Multilingual
/// Plane is two units to `.`, classes and quantifiers, so `/^.$/` does not match `"😀"`. The text is copied as
/// UTF-16 for that reason (and for the backward passes that answer look-aheads).
///
/// Each thread list is a sparse set of instruction indexes (Briggs and Torczon): insertion, membership and clearing
/// in constant time, iteration in insertion order.
struct RegexScratch: ~Copyable {
    /// The text's code units.
    private let units: UnsafeBufferPointer<UInt16>
    /// `4 * capacity` entries: the dense and sparse arrays of list 0, then those of list 1.
    private let lists: UnsafeMutablePointer<Int32>
    /// `2 * capacity + 2` entries: every instruction is pushed at most twice per closure, after being listed.
    private let stack: UnsafeMutablePointer<Int32>
    private let capacity: Int
    /// One bit per position (0 through the text's length) for each look-ahead, `wordsPerTable` words each.
    private let tables: UnsafeMutablePointer<UInt64>
    private let wordsPerTable: Int

    /// Which list is current (0 or 1); the other is being filled.
    private var currentList = 0
    private var counts: (Int, Int) = (0, 0)
    private var stackCount = 0

    /// Runs `body` with scratch memory for `text`, programs of at most `instructionCapacity` instructions, and
    /// `lookaheadCount` look-ahead tables, all cleared.
    static func with<Result>(
        text: String, instructionCapacity: Int, lookaheadCount: Int, _ body: (inout RegexScratch) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(text.utf8.count, 1)) { unitBuffer in
            let unitCount = copyUnits(of: text, into: unitBuffer)
            let capacity = max(instructionCapacity, 1)
            return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 6 * capacity + 2) { intBuffer in
                // Sparse entries are read before they are written (and then checked against the dense array).
                intBuffer.initialize(repeating: 0)
                let wordsPerTable = lookaheadCount == 0 ? 0 : (unitCount + 1 + 63) / 64
                return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(lookaheadCount * wordsPerTable, 1)) { tableBuffer in
                    tableBuffer.initialize(repeating: 0)
                    var scratch = RegexScratch(
                        units: UnsafeBufferPointer(rebasing: unitBuffer[..<unitCount]),
                        lists: intBuffer.baseAddress.unsafelyUnwrapped,
                        stack: intBuffer.baseAddress.unsafelyUnwrapped + 4 * capacity,
                        capacity: capacity,
                        tables: tableBuffer.baseAddress.unsafelyUnwrapped,
                        wordsPerTable: wordsPerTable
                    )
                    return body(&scratch)
                }
            }
        }
    }

    private init(
        units: UnsafeBufferPointer<UInt16>, lists: UnsafeMutablePointer<Int32>, stack: UnsafeMutablePointer<Int32>,
        capacity: Int, tables: UnsafeMutablePointer<UInt64>, wordsPerTable: Int
    ) {
        self.units = units
        self.lists = lists
        self.stack = stack
        self.capacity = capacity
        self.tables = tables
        self.wordsPerTable = wordsPerTable
    }

    /// Copies `text`'s UTF-16 code units into `buffer`, which holds at least its UTF-8 length, and returns how many.
    private static func copyUnits(of text: String, into buffer: UnsafeMutableBufferPointer<UInt16>) -> Int {
        let copiedASCII = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            for (index, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                buffer[index] = UInt16(byte)
            }
            return bytes.count
        }
        if let count = copiedASCII ?? nil { return count }
        var count = 0
        for unit in text.utf16 {
            buffer[count] = unit
            count += 1
        }
        return count
    }

    // MARK: - The text

    /// How many code units the text has; positions run from 0 to this.
    var length: Int { units.count }

    /// The code unit after `position`, which is below ``length``.
    @inline(__always)
    func unit(at position: Int) -> UInt16 {
        assert(position >= 0 && position < units.count)
        return units[position]
    }

    /// Whether `assertion` holds at `position`.
    @inline(__always)
    func holds(_ assertion: RegexNode.Assertion, at position: Int) -> Bool {
        switch assertion {
        case .inputStart: return position == 0
        case .inputEnd: return position == units.count
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && RegexUnitSet.wordCharacters.contains(units[position - 1])
            let after = position < units.count && RegexUnitSet.wordCharacters.contains(units[position])
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

    /// How many threads the current list holds.
    var currentCount: Int {
        currentList == 0 ? counts.0 : counts.1
    }

    /// The instruction of the current list's thread at `offset`, below ``currentCount``.
    @inline(__always)
    func currentThread(_ offset: Int) -> Int {
        Int(lists[currentList * 2 * capacity + offset])
    }

    /// Adds instruction `instruction` to the next list; false if it is already there.
    @inline(__always)
    mutating func insertNext(_ instruction: Int) -> Bool {
        assert(instruction >= 0 && instruction < capacity, "instruction \(instruction) outside the scratch's capacity")
        let next = 1 - currentList
        let dense = lists + next * 2 * capacity
        let sparse = dense + capacity
        let count = next == 0 ? counts.0 : counts.1
        let slot = Int(sparse[instruction])
        if slot < count && Int(dense[slot]) == instruction { return false }
        dense[count] = Int32(truncatingIfNeeded: instruction)
        sparse[instruction] = Int32(truncatingIfNeeded: count)
        if next == 0 { counts.0 = count + 1 } else { counts.1 = count + 1 }
        return true
    }

    /// Makes the next list current and starts an empty next list.
    mutating func advance() {
        currentList = 1 - currentList
        if currentList == 0 { counts.1 = 0 } else { counts.0 = 0 }
    }

    /// Empties both lists.
    mutating func clearLists() {
        counts = (0, 0)
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
