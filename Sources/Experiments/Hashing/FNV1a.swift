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
    @inlinable @inline(__always)
    package mutating func combine(_ string: String) {
        // Native strings expose contiguous UTF-8 (small ones via a stack copy); anything else goes through UTF-16.
        let handled: Void? = EvaluationMemory.BorrowedBytes.withUTF8IfAvailable(of: string) { bytes in
            combine(utf8: bytes)
        }
        if handled == nil {
            for unit in string.utf16 { combine(codeUnit: unit) }
        }
    }

    /// Folds well-formed UTF-8 `bytes`, transcoded to UTF-16 code units, into the hash.
    @inlinable @inline(__always)
    mutating func combine(utf8 bytes: EvaluationMemory.BorrowedBytes) {
        var hash = state
        var position = 0
        let count = bytes.count
        // Ids are usually ASCII: eight bytes at a time while they are, then byte by byte, each byte its own code
        // unit. Only this part is inlined into callers; the first non-ASCII byte hands over to the transcoder.
        while position &+ 8 <= count {
            let word = bytes.load(UInt64.self, at: position)
            guard word & 0x8080_8080_8080_8080 == 0 else { break }
            for offset in 0..<8 {
                hash = (hash ^ UInt32(bytes[position &+ offset])) &* Self.prime
            }
            position &+= 8
        }
        while position < count {
            let byte = bytes[position]
            guard byte < 0x80 else { break }
            hash = (hash ^ UInt32(byte)) &* Self.prime
            position &+= 1
        }
        state = hash
        if position < count {
            combine(transcoding: bytes, from: position)
        }
    }

    /// Folds `bytes[position...]`, well-formed UTF-8 transcoded to UTF-16 code units, into the hash.
    @usableFromInline
    mutating func combine(transcoding bytes: EvaluationMemory.BorrowedBytes, from start: Int) {
        var hash = state
        var position = start
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
    @inlinable @inline(__always)
    package mutating func combine(decimalDigitsOf number: UInt32) {
        // Hash version 2 folds the digits of a uniformly spread 32-bit hash, so nearly every number has six to ten
        // digits: the leading part (1 to 42949) and exactly five low digits are each read off a fixed-point
        // fraction, one multiplication a digit, instead of a division and a remainder a digit.
        guard number >= 100_000 else {
            combine(digitsOf: number, count: Self.decimalDigitCount(number))
            return
        }
        let high = number / 100_000
        let low = number &- high &* 100_000
        combine(digitsOf: high, count: Self.decimalDigitCount(high))
        combine(digitsOf: low, count: 5)
    }

    /// Folds the `count` (1 to 5) decimal digits of `number`, which is below `10^count`, most significant first.
    @inlinable @inline(__always)
    mutating func combine(digitsOf number: UInt32, count: Int) {
        // `number * ceil(2^32 / 10^(count - 1))` holds the leading digit above bit 32 and the rest as a 32-bit binary
        // fraction precise enough for the remaining digits (checked for every number below 100,000 by the tests);
        // each further digit is the integer part of ten times the fraction.
        let scale: UInt64 = switch count {
        case 5: 429_497
        case 4: 4_294_968
        case 3: 42_949_673
        case 2: 429_496_730
        default: 1 << 32
        }
        var fraction = UInt64(number) &* scale
        var hash = (state ^ (0x30 &+ UInt32(truncatingIfNeeded: fraction >> 32))) &* Self.prime
        @inline(__always)
        func foldNextDigit() {
            fraction = (fraction & 0xFFFF_FFFF) &* 10
            hash = (hash ^ (0x30 &+ UInt32(truncatingIfNeeded: fraction >> 32))) &* Self.prime
        }
        switch count {
        case 5: foldNextDigit(); fallthrough
        case 4: foldNextDigit(); fallthrough
        case 3: foldNextDigit(); fallthrough
        case 2: foldNextDigit()
        default: break
        }
        state = hash
    }

    /// How many decimal digits `number` has (1 for zero); `number` is below 100,000.
    @inlinable
    static func decimalDigitCount(_ number: UInt32) -> Int {
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
