/// A number held exactly: an integer of any size times a power of two.
///
/// Every finite Double is one, and so are their sums and products, so the sums a metric's statistics are made of
/// (Σv, Σv², Σvw) can be carried without rounding, in any order, and rounded once at the end
/// (``rounded(timesTwoToThe:)``) at whatever scale keeps the result inside Double's range. Two numbers are equal
/// exactly when their values are: the representation is canonical (the lowest bit of the magnitude is set).
package struct ExactBinaryNumber: Sendable, Hashable {
    /// The magnitude's 64-bit words, least significant first: no most significant zero word, and the lowest bit of
    /// the first word set. Empty for zero.
    private var words: [UInt64]
    /// Whether the number is below zero; false for zero.
    private var isNegative: Bool
    /// The power of two the lowest bit of the magnitude stands for; 0 for zero.
    private var exponent: Int

    private init(words: [UInt64], isNegative: Bool, exponent: Int) {
        self.words = words
        self.isNegative = isNegative
        self.exponent = exponent
        normalize()
    }

    /// Zero.
    package static let zero = ExactBinaryNumber(words: [], isNegative: false, exponent: 0)

    /// `value`, which must be finite, exactly.
    package init(_ value: Double) {
        precondition(value.isFinite, "an exact binary number holds finite values only")
        guard value != 0 else {
            self = .zero
            return
        }
        let isSubnormal = value.exponentBitPattern == 0
        let significand = value.significandBitPattern | (isSubnormal ? 0 : 1 << 52)
        let exponent = isSubnormal ? -1074 : Int(value.exponentBitPattern) - 1075
        self.init(words: [significand], isNegative: value < 0, exponent: exponent)
    }

    /// `integer` × 2^`exponent`.
    package init(_ integer: Int128, timesTwoToThe exponent: Int = 0) {
        let magnitude = integer.magnitude
        self.init(
            words: [UInt64(truncatingIfNeeded: magnitude), UInt64(truncatingIfNeeded: magnitude >> 64)],
            isNegative: integer < 0, exponent: exponent
        )
    }

    /// `integer`, exactly.
    package init(_ integer: Int) {
        self.init(Int128(integer))
    }

    /// Whether the number is zero.
    package var isZero: Bool {
        words.isEmpty
    }

    /// Whether the number is below zero.
    package var isBelowZero: Bool {
        isNegative
    }

    /// ⌊log₂ |x|⌋, the power of two of the magnitude's highest bit; nil for zero.
    package var binaryExponent: Int? {
        guard let top = words.last else { return nil }
        return exponent + (words.count - 1) * 64 + (63 - top.leadingZeroBitCount)
    }

    /// The number × 2^`scale`, rounded once to the nearest Double (ties to even, subnormal results rounded at their
    /// own precision); ±infinity when that is beyond the largest Double.
    package func rounded(timesTwoToThe scale: Int = 0) -> Double {
        guard let top = words.last else { return 0 }
        let bitLength = (words.count - 1) * 64 + (64 - top.leadingZeroBitCount)
        // The result's highest bit stands for 2^highest; Double keeps 53 bits, fewer below 2^-1022.
        let lowest = exponent.addingClamped(scale)
        let highest = lowest.addingClamped(bitLength - 1)
        if highest > 1023 { return isNegative ? -.infinity : .infinity }
        let precision = highest >= -1022 ? 53 : highest + 1075
        if precision <= 0 {
            // Below half the smallest subnormal rounds to 0; exactly half ties to 0 as well (0 is even).
            let aboveHalf = precision == 0 && bitLength > 1
            return aboveHalf ? (isNegative ? -0x1p-1074 : 0x1p-1074) : (isNegative ? -0.0 : 0)
        }
        let dropped = max(bitLength - precision, 0)
        var kept = bits(from: dropped, count: min(bitLength, precision))
        if dropped > 0, bit(at: dropped - 1), kept & 1 == 1 || hasBit(below: dropped - 1) {
            kept += 1
        }
        // kept ≤ 2^53, exactly a Double; the scaling below is exact or overflows to infinity.
        let magnitude = Double(sign: .plus, exponent: lowest.addingClamped(dropped), significand: Double(kept))
        return isNegative ? -magnitude : magnitude
    }

    /// The number, rounded once to the nearest Double.
    package var doubleValue: Double {
        rounded()
    }

    // MARK: Arithmetic

    package static prefix func - (number: ExactBinaryNumber) -> ExactBinaryNumber {
        var negated = number
        negated.isNegative = !number.isZero && !number.isNegative
        return negated
    }

    package static func + (lhs: ExactBinaryNumber, rhs: ExactBinaryNumber) -> ExactBinaryNumber {
        if lhs.isZero { return rhs }
        if rhs.isZero { return lhs }
        let exponent = min(lhs.exponent, rhs.exponent)
        let left = lhs.magnitude(alignedTo: exponent)
        let right = rhs.magnitude(alignedTo: exponent)
        if lhs.isNegative == rhs.isNegative {
            return ExactBinaryNumber(words: Self.add(left, right), isNegative: lhs.isNegative, exponent: exponent)
        }
        if Self.compare(left, right) >= 0 {
            return ExactBinaryNumber(words: Self.subtract(left, right), isNegative: lhs.isNegative, exponent: exponent)
        }
        return ExactBinaryNumber(words: Self.subtract(right, left), isNegative: rhs.isNegative, exponent: exponent)
    }

    package static func - (lhs: ExactBinaryNumber, rhs: ExactBinaryNumber) -> ExactBinaryNumber {
        lhs + -rhs
    }

    package static func * (lhs: ExactBinaryNumber, rhs: ExactBinaryNumber) -> ExactBinaryNumber {
        guard !lhs.isZero, !rhs.isZero else { return .zero }
        var product = [UInt64](repeating: 0, count: lhs.words.count + rhs.words.count)
        for (i, left) in lhs.words.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in rhs.words.enumerated() {
                let (high, low) = left.multipliedFullWidth(by: right)
                let (sum, overflow) = product[i + j].addingReportingOverflow(low)
                let (withCarry, carryOverflow) = sum.addingReportingOverflow(carry)
                product[i + j] = withCarry
                carry = high &+ (overflow ? 1 : 0) &+ (carryOverflow ? 1 : 0)
            }
            product[i + rhs.words.count] = carry
        }
        return ExactBinaryNumber(
            words: product, isNegative: lhs.isNegative != rhs.isNegative, exponent: lhs.exponent.addingClamped(rhs.exponent)
        )
    }

    package static func += (lhs: inout ExactBinaryNumber, rhs: ExactBinaryNumber) {
        lhs = lhs + rhs
    }

    // MARK: Words

    /// The magnitude shifted left so that its lowest bit stands for 2^`target` (at most the number's exponent).
    private func magnitude(alignedTo target: Int) -> [UInt64] {
        let shift = exponent - target
        guard shift > 0 else { return words }
        let wordShift = shift / 64
        let bitShift = UInt64(shift % 64)
        var shifted = [UInt64](repeating: 0, count: wordShift)
        shifted.reserveCapacity(wordShift + words.count + 1)
        var carry: UInt64 = 0
        for word in words {
            shifted.append(bitShift == 0 ? word : word << bitShift | carry)
            carry = bitShift == 0 ? 0 : word >> (64 - bitShift)
        }
        if carry != 0 { shifted.append(carry) }
        return shifted
    }

    private static func add(_ lhs: [UInt64], _ rhs: [UInt64]) -> [UInt64] {
        let (long, short) = lhs.count >= rhs.count ? (lhs, rhs) : (rhs, lhs)
        var sum = long
        var carry = false
        for index in long.indices {
            let (partial, overflow) = sum[index].addingReportingOverflow(index < short.count ? short[index] : 0)
            let (total, carryOverflow) = partial.addingReportingOverflow(carry ? 1 : 0)
            sum[index] = total
            carry = overflow || carryOverflow
            if !carry, index >= short.count { break }
        }
        if carry { sum.append(1) }
        return sum
    }

    /// `larger − smaller`, magnitudes with `larger ≥ smaller`.
    private static func subtract(_ larger: [UInt64], _ smaller: [UInt64]) -> [UInt64] {
        var difference = larger
        var borrow = false
        for index in larger.indices {
            let (partial, overflow) = difference[index].subtractingReportingOverflow(index < smaller.count ? smaller[index] : 0)
            let (total, borrowOverflow) = partial.subtractingReportingOverflow(borrow ? 1 : 0)
            difference[index] = total
            borrow = overflow || borrowOverflow
            if !borrow, index >= smaller.count { break }
        }
        assert(!borrow, "subtracting a larger magnitude")
        return difference
    }

    /// −1, 0 or 1 as `lhs` is below, equal to or above `rhs`, magnitudes without most significant zero words.
    private static func compare(_ lhs: [UInt64], _ rhs: [UInt64]) -> Int {
        let left = lhs.lastIndex { $0 != 0 } ?? -1
        let right = rhs.lastIndex { $0 != 0 } ?? -1
        if left != right { return left < right ? -1 : 1 }
        var index = left
        while index >= 0 {
            if lhs[index] != rhs[index] { return lhs[index] < rhs[index] ? -1 : 1 }
            index -= 1
        }
        return 0
    }

    /// Drops most significant zero words and the magnitude's trailing zero bits (into the exponent).
    private mutating func normalize() {
        while words.last == 0 { words.removeLast() }
        guard let first = words.firstIndex(where: { $0 != 0 }) else {
            isNegative = false
            exponent = 0
            return
        }
        let bitShift = words[first].trailingZeroBitCount
        exponent = exponent.addingClamped(first * 64 + bitShift)
        if first > 0 { words.removeFirst(first) }
        guard bitShift > 0 else { return }
        for index in words.indices {
            let next = index + 1 < words.count ? words[index + 1] : 0
            words[index] = words[index] >> UInt64(bitShift) | next << UInt64(64 - bitShift)
        }
        while words.last == 0 { words.removeLast() }
    }

    /// Bit `index` of the magnitude (0 the lowest).
    private func bit(at index: Int) -> Bool {
        guard index >= 0, index / 64 < words.count else { return false }
        return words[index / 64] >> UInt64(index % 64) & 1 == 1
    }

    /// Whether any bit of the magnitude below `index` is set.
    private func hasBit(below index: Int) -> Bool {
        guard index > 0 else { return false }
        let word = index / 64
        for lower in 0..<min(word, words.count) where words[lower] != 0 { return true }
        guard word < words.count, index % 64 > 0 else { return false }
        return words[word] & (UInt64.max >> UInt64(64 - index % 64)) != 0
    }

    /// `count` (at most 64) bits of the magnitude from bit `start` up, as an integer.
    private func bits(from start: Int, count: Int) -> UInt64 {
        var value: UInt64 = 0
        for offset in stride(from: count - 1, through: 0, by: -1) {
            value = value << 1 | (bit(at: start + offset) ? 1 : 0)
        }
        return value
    }
}

private extension Int {
    /// The sum, held at the ends of Int's range rather than trapping: exponents far beyond any Double's stay far.
    func addingClamped(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
