/// 32-bit FNV-1a over UTF-16 code units, the hash behind GrowthBook's bucketing.
///
/// GrowthBook's JS SDK feeds `charCodeAt(i)` (UTF-16 code units) into FNV-1a, and the Python SDK (4.x) does the same
/// by encoding to UTF-16. Characters outside the Basic Multilingual Plane therefore contribute their two surrogates.
/// The official Swift SDK hashes UTF-8 bytes instead and disagrees on every non-ASCII id; this type follows JS.
///
/// Strings are read through their contiguous UTF-8 storage and transcoded on the fly, which yields exactly the UTF-16
/// code units without allocating.
@frozen
@usableFromInline package struct FNV1a: Sendable, Hashable {
    /// The FNV-1a 32-bit offset basis.
    @usableFromInline package static let offsetBasis: UInt32 = 0x811C_9DC5
    /// The FNV-1a 32-bit prime.
    @usableFromInline package static let prime: UInt32 = 0x0100_0193

    @usableFromInline
    var state: UInt32

    /// The hash of everything combined so far.
    @inlinable
    package var value: UInt32 { state }

    /// Starts a new hash at the offset basis.
    @inlinable
    package init() {
        state = Self.offsetBasis
    }

    /// Folds one UTF-16 code unit into the hash.
    @inlinable
    package mutating func combine(codeUnit: UInt16) {
        state = (state ^ UInt32(codeUnit)) &* Self.prime
    }

    /// Folds every UTF-16 code unit of `string` into the hash, as if it were appended to what came before.
    @inlinable
    package mutating func combine(_ string: String) {
        // Native strings expose contiguous UTF-8 (small ones via a stack copy); anything else goes through UTF-16.
        let handled: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            combine(utf8: bytes)
        }
        if handled == nil {
            for unit in string.utf16 { combine(codeUnit: unit) }
        }
    }

    /// Folds well-formed UTF-8 `bytes`, transcoded to UTF-16 code units, into the hash.
    @inlinable
    package mutating func combine(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var hash = state
        var position = 0
        let count = bytes.count
        while position < count {
            let lead = UInt32(bytes[position])
            if lead < 0x80 {
                hash = (hash ^ lead) &* Self.prime
                position &+= 1
            } else if lead < 0xE0, position &+ 1 < count {
                let scalar = (lead & 0x1F) << 6 | (UInt32(bytes[position &+ 1]) & 0x3F)
                hash = (hash ^ scalar) &* Self.prime
                position &+= 2
            } else if lead < 0xF0, position &+ 2 < count {
                let scalar = (lead & 0x0F) << 12
                    | (UInt32(bytes[position &+ 1]) & 0x3F) << 6
                    | (UInt32(bytes[position &+ 2]) & 0x3F)
                hash = (hash ^ scalar) &* Self.prime
                position &+= 3
            } else if position &+ 3 < count {
                let scalar = (lead & 0x07) << 18
                    | (UInt32(bytes[position &+ 1]) & 0x3F) << 12
                    | (UInt32(bytes[position &+ 2]) & 0x3F) << 6
                    | (UInt32(bytes[position &+ 3]) & 0x3F)
                let offset = scalar &- 0x1_0000
                hash = (hash ^ (0xD800 | offset >> 10)) &* Self.prime
                hash = (hash ^ (0xDC00 | offset & 0x3FF)) &* Self.prime
                position &+= 4
            } else {
                // Truncated sequence: Swift strings are always valid UTF-8, so this only guards raw buffers.
                hash = (hash ^ 0xFFFD) &* Self.prime
                position = count
            }
        }
        state = hash
    }

    /// Folds the decimal digits of `number` (as JavaScript's `String(number)` prints an unsigned 32-bit integer).
    @inlinable
    package mutating func combine(decimalDigitsOf number: UInt32) {
        // Unrolled most-significant-first with constant divisors, which compile to multiplications.
        var hash = state
        @inline(__always)
        func fold(_ digit: UInt32) {
            hash = (hash ^ (0x30 &+ digit)) &* Self.prime
        }
        switch Self.decimalDigitCount(number) {
        case 10: fold(number / 1_000_000_000); fallthrough
        case 9: fold(number / 100_000_000 % 10); fallthrough
        case 8: fold(number / 10_000_000 % 10); fallthrough
        case 7: fold(number / 1_000_000 % 10); fallthrough
        case 6: fold(number / 100_000 % 10); fallthrough
        case 5: fold(number / 10_000 % 10); fallthrough
        case 4: fold(number / 1_000 % 10); fallthrough
        case 3: fold(number / 100 % 10); fallthrough
        case 2: fold(number / 10 % 10); fallthrough
        default: fold(number % 10)
        }
        state = hash
    }

    /// How many decimal digits `number` has (1 for zero).
    @inlinable
    static func decimalDigitCount(_ number: UInt32) -> Int {
        if number >= 100_000 {
            if number >= 10_000_000 {
                return number >= 1_000_000_000 ? 10 : (number >= 100_000_000 ? 9 : 8)
            }
            return number >= 1_000_000 ? 7 : 6
        }
        if number >= 100 {
            return number >= 10_000 ? 5 : (number >= 1_000 ? 4 : 3)
        }
        return number >= 10 ? 2 : 1
    }

    /// The FNV-1a hash of the UTF-16 code units of `string`.
    @inlinable
    package static func hash(_ string: String) -> UInt32 {
        var hasher = FNV1a()
        hasher.combine(string)
        return hasher.value
    }
}
