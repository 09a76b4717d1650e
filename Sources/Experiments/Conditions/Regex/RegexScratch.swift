/// The working memory of one `$regex` search (``RegexSearch``, ``RegexDFA``), and the only place the engine touches
/// memory directly: the text's UTF-16 code units, the two thread lists of the automaton simulation, the stack that
/// follows instructions consuming nothing, and the answers of the pattern's look-aheads at each position.
///
/// The memory comes from `withUnsafeTemporaryAllocation` (on the stack when small, so a search of a short attribute
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
    /// The text's code units: bytes when `isWide` is false (an ASCII text), else UTF-16 code units.
    private let units: UnsafeRawPointer
    private let isWide: Bool
    /// How many code units the text has; positions run from 0 to this.
    let length: Int
    /// The dense and sparse arrays of the current list and of the next one (swapped by ``advance()``), each
    /// `capacity` entries.
    private var currentDense: UnsafeMutablePointer<Int32>
    private var currentSparse: UnsafeMutablePointer<Int32>
    private var nextDense: UnsafeMutablePointer<Int32>
    private var nextSparse: UnsafeMutablePointer<Int32>
    /// How many threads the current list holds.
    private(set) var currentCount = 0
    private var nextCount = 0
    /// `2 * capacity + 2` entries: a closure lists each instruction once and pushes at most two after listing it.
    private let stack: UnsafeMutablePointer<Int32>
    private var stackCount = 0
    private let capacity: Int
    /// One bit per position (0 through the text's length) for each look-ahead, `wordsPerTable` words each.
    private let tables: UnsafeMutablePointer<UInt64>
    private let wordsPerTable: Int

    /// Runs `body` with scratch memory for `text`, programs of at most `instructionCapacity` instructions (0 when
    /// only the text is read, as by ``RegexDFA``), and `lookaheadCount` look-ahead tables, all cleared.
    static func with<Result>(
        text: String, instructionCapacity: Int, lookaheadCount: Int, _ body: (inout RegexScratch) -> Result
    ) -> Result {
        let inPlace = text.utf8.withContiguousStorageIfAvailable { bytes -> Result? in
            guard let base = bytes.baseAddress, isASCII(bytes) else { return nil }
            return withMemory(
                units: UnsafeRawPointer(base), isWide: false, length: bytes.count,
                instructionCapacity: instructionCapacity, lookaheadCount: lookaheadCount, body
            )
        }
        if let inPlace, let result = inPlace { return result }
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: max(text.utf8.count, 1)) { buffer in
            // A UTF-16 text is never longer in units than in UTF-8 bytes.
            var count = 0
            for unit in text.utf16 {
                buffer[count] = unit
                count += 1
            }
            return withMemory(
                units: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped), isWide: true, length: count,
                instructionCapacity: instructionCapacity, lookaheadCount: lookaheadCount, body
            )
        }
    }

    /// Whether every byte is ASCII, read eight at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            if raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            if base[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    /// Allocates and clears the lists, the stack and the tables in one block, then runs `body`.
    private static func withMemory<Result>(
        units: UnsafeRawPointer, isWide: Bool, length: Int, instructionCapacity: Int, lookaheadCount: Int,
        _ body: (inout RegexScratch) -> Result
    ) -> Result {
        let wordsPerTable = lookaheadCount == 0 ? 0 : (length + 1 + 63) / 64
        let tableBytes = lookaheadCount * wordsPerTable * 8
        let intCount = instructionCapacity == 0 ? 0 : 6 * instructionCapacity + 2
        let byteCount = tableBytes + 4 * intCount
        return withUnsafeTemporaryAllocation(byteCount: max(byteCount, 8), alignment: 8) { memory in
            // Sparse entries are read before they are written (and then checked against the dense array).
            memory.initializeMemory(as: UInt8.self, repeating: 0)
            let base = memory.baseAddress.unsafelyUnwrapped
            let tables = base.bindMemory(to: UInt64.self, capacity: tableBytes / 8)
            let ints = (base + tableBytes).bindMemory(to: Int32.self, capacity: intCount)
            var scratch = RegexScratch(
                units: units, isWide: isWide, length: length, lists: ints, capacity: instructionCapacity,
                tables: tables, wordsPerTable: wordsPerTable
            )
            return body(&scratch)
        }
    }

    private init(
        units: UnsafeRawPointer, isWide: Bool, length: Int, lists: UnsafeMutablePointer<Int32>, capacity: Int,
        tables: UnsafeMutablePointer<UInt64>, wordsPerTable: Int
    ) {
        self.units = units
        self.isWide = isWide
        self.length = length
        self.currentDense = lists
        self.currentSparse = lists + capacity
        self.nextDense = lists + 2 * capacity
        self.nextSparse = lists + 3 * capacity
        self.stack = lists + 4 * capacity
        self.capacity = capacity
        self.tables = tables
        self.wordsPerTable = wordsPerTable
    }

    // MARK: - The text

    /// The code unit after `position`, which is below ``length``.
    @inline(__always)
    func unit(at position: Int) -> UInt16 {
        assert(position >= 0 && position < length)
        return isWide
            ? units.load(fromByteOffset: position &* 2, as: UInt16.self)
            : UInt16(units.load(fromByteOffset: position, as: UInt8.self))
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
