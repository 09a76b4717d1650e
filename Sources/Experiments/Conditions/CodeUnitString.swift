/// String equality by code units, as JavaScript's `===` and Python's `==` compare strings.
///
/// Swift's `==` on `String` compares by canonical equivalence, so `"é"` (U+00E9) equals `"e\u{301}"` and the Kelvin
/// sign equals `"K"`; GrowthBook's SDKs treat those as different strings. Two valid Unicode strings have equal UTF-16
/// code units exactly when they have equal UTF-8 bytes, which is what is compared.
@usableFromInline
enum CodeUnitString {
    /// Whether `lhs` and `rhs` hold the same code units.
    @inlinable
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        // Equal code units imply equal UTF-8 length and canonical equality, both fast to refute; equal bytes then
        // decide. (Swift's `==` returns at once for identical bytes.)
        guard lhs.utf8.count == rhs.utf8.count, lhs == rhs else { return false }
        // Compared as buffers where the bytes are contiguous, as native strings' are: the generic
        // view comparison costs ten times as much, and attribute lookups make it per key.
        let contiguous = EvaluationMemory.BorrowedBytes.withUTF8IfAvailable(of: lhs, and: rhs) { left, right in
            left.hasSameBytes(as: right)
        }
        return contiguous ?? lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Whether `string` has the same code units as `asciiKey`, which must be ASCII: then canonical equality and
    /// equal UTF-8 length suffice, since a non-ASCII string canonically equivalent to an ASCII one (the Kelvin sign
    /// and `K`) is always longer in UTF-8.
    ///
    /// `utf8Count` is `asciiKey.utf8.count`, counted once by callers that compare one key many times.
    @inlinable
    static func equal(_ string: String, asciiKey: String, utf8Count: Int) -> Bool {
        string.utf8.count == utf8Count && string == asciiKey
    }

    /// Whether every code unit of `string` is ASCII.
    @inlinable
    static func isASCII(_ string: String) -> Bool {
        string.utf8.allSatisfy { $0 < 0x80 }
    }
}

/// A dictionary key comparing and hashing strings by code units rather than canonical equivalence.
@usableFromInline
struct CodeUnitKey: Hashable, Sendable {
    @usableFromInline
    let string: String

    @inlinable
    init(_ string: String) {
        self.string = string
    }

    @inlinable
    static func == (lhs: CodeUnitKey, rhs: CodeUnitKey) -> Bool {
        CodeUnitString.equal(lhs.string, rhs.string)
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        for byte in string.utf8 { hasher.combine(byte) }
        hasher.combine(0xFF as UInt8)
    }
}
