/// A set of UTF-16 code units, what one step of a `$regex` pattern consumes: a literal (with its case variants under
/// `$regexi`), `.`, a class escape such as `\d`, or a character class.
///
/// Kept as sorted, disjoint, non-adjacent ranges; membership of ASCII units, by far the most frequent in attribute
/// values, is one bit test.
struct RegexUnitSet: Sendable, Hashable {
    /// The members, as sorted ranges with at least one non-member between two of them.
    private(set) var ranges: [ClosedRange<UInt16>]
    /// Members below 64 (bit `unit`) and from 64 to 127 (bit `unit - 64`).
    private var asciiLow: UInt64 = 0
    private var asciiHigh: UInt64 = 0
    /// The ranges holding units from 128 up, clipped to start at 128.
    private var nonASCII: [ClosedRange<UInt16>] = []

    /// The set of the units in `ranges`, which may overlap and come in any order.
    init(_ ranges: [ClosedRange<UInt16>]) {
        var merged: [ClosedRange<UInt16>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, Int(range.lowerBound) <= Int(last.upperBound) + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
        for range in merged {
            if range.lowerBound < 128 {
                for unit in range.lowerBound...min(range.upperBound, 127) {
                    if unit < 64 { asciiLow |= 1 << UInt64(unit) } else { asciiHigh |= 1 << UInt64(unit - 64) }
                }
            }
            if range.upperBound >= 128 {
                nonASCII.append(max(range.lowerBound, 128)...range.upperBound)
            }
        }
    }

    /// The set holding only `unit`.
    init(unit: UInt16) {
        self.init([unit...unit])
    }

    /// Whether `unit` is a member.
    @inline(__always)
    func contains(_ unit: UInt16) -> Bool {
        if unit < 64 { return asciiLow & (1 << UInt64(unit)) != 0 }
        if unit < 128 { return asciiHigh & (1 << UInt64(unit - 64)) != 0 }
        // Binary search for the last range starting at or below `unit`.
        var low = 0
        var high = nonASCII.count
        while low < high {
            let middle = (low + high) / 2
            if nonASCII[middle].lowerBound <= unit { low = middle + 1 } else { high = middle }
        }
        return low > 0 && unit <= nonASCII[low - 1].upperBound
    }

    /// The only member, if there is exactly one.
    var singleUnit: UInt16? {
        ranges.count == 1 && ranges[0].lowerBound == ranges[0].upperBound ? ranges[0].lowerBound : nil
    }

    /// The units in `self`, `other`, or both.
    func union(_ other: RegexUnitSet) -> RegexUnitSet {
        RegexUnitSet(ranges + other.ranges)
    }

    /// Every code unit not in `self`.
    var complement: RegexUnitSet {
        var result: [ClosedRange<UInt16>] = []
        var next = 0
        for range in ranges {
            if Int(range.lowerBound) > next { result.append(UInt16(next)...(range.lowerBound - 1)) }
            next = Int(range.upperBound) + 1
        }
        if next <= 0xFFFF { result.append(UInt16(next)...0xFFFF) }
        return RegexUnitSet(result)
    }

    /// `self` with every unit whose ECMAScript canonical form (``JavaScriptCase/canonicalize(_:)``) equals a
    /// member's: what a class or literal matches under the `i` flag.
    var withCaseVariants: RegexUnitSet {
        var added: [ClosedRange<UInt16>] = []
        for (unit, variants) in JavaScriptCase.caseEquivalents where contains(unit) {
            added.append(contentsOf: variants.map { $0...$0 })
        }
        return added.isEmpty ? self : RegexUnitSet(ranges + added)
    }

    // MARK: - ECMAScript's sets (without the u flag)

    /// `\d`.
    static let digits = RegexUnitSet([0x30...0x39])
    /// `\w`, and the word characters of `\b`: ASCII only.
    static let wordCharacters = RegexUnitSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: ECMAScript's WhiteSpace and LineTerminator code points.
    static let whitespace = RegexUnitSet([
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
        0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// The line terminators `.` excludes.
    static let lineTerminators = RegexUnitSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])
    /// `.`: every unit but a line terminator.
    static let dot = lineTerminators.complement
}
