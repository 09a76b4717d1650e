@testable import FlowReports
import SeededRandom
import Testing

/// Exact sums and products, rounded once: IEEE 754 rounds one addition or multiplication of two Doubles correctly,
/// so `a + b` and `a * b` are the reference for every pair, subnormal and overflowing results included.
@Suite("Exact binary numbers: sums and products of Doubles, rounded once")
struct ExactBinaryNumberTests {
    /// Doubles of every kind: small integers, decimals, huge and tiny magnitudes, subnormals, both signs.
    static func values(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let sign: Double = random.nextUnit() < 0.5 ? -1 : 1
            switch random.next(below: 6) {
            case 0: return sign * Double(random.next(below: 1_000_000))
            case 1: return sign * random.nextUnit() * 1000
            case 2: return sign * random.nextUnit() * 0x1p1000 * Double(random.next(below: 8) + 1)
            case 3: return sign * random.nextUnit() * 0x1p-1000
            case 4: return sign * Double(random.next(below: 1 << 20)) * 0x1p-1074
            default: return sign * (1 + random.nextUnit()) * Double(sign: .plus, exponent: random.next(below: 2000) - 1000, significand: 1)
            }
        }
    }

    @Test("One value, the sum of two and the product of two round as IEEE 754 does, for 20,000 pairs of every magnitude")
    func pairsRoundAsIEEE() {
        let lhs = Self.values(count: 20_000, seed: 1)
        let rhs = Self.values(count: 20_000, seed: 2)
        var mismatches = 0
        for (a, b) in zip(lhs, rhs) {
            let x = ExactBinaryNumber(a)
            let y = ExactBinaryNumber(b)
            if x.doubleValue != a { mismatches += 1 }
            let sum = (x + y).doubleValue
            if sum != a + b || sum.sign != (a + b).sign && sum != 0 { mismatches += 1 }
            if (x * y).doubleValue != a * b { mismatches += 1 }
            if (x - y).doubleValue != a - b { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("Scaling by a power of two is exact while in range, and overflows or underflows as the product would")
    func scaling() {
        for value in Self.values(count: 2_000, seed: 3) {
            for exponent in [-1100, -60, -1, 0, 1, 60, 1100] {
                let expected = value * Double(sign: .plus, exponent: exponent / 2, significand: 1)
                    * Double(sign: .plus, exponent: exponent - exponent / 2, significand: 1)
                let actual = ExactBinaryNumber(value).rounded(timesTwoToThe: exponent)
                // Two steps can round twice below the subnormal range: compare there by the exact reference.
                if expected.isFinite, abs(expected) > 0x1p-1000 || expected == 0 && abs(value) > 0x1p-1000 {
                    #expect(actual == expected, "\(value) × 2^\(exponent)")
                }
                if !expected.isFinite { #expect(actual == expected, "\(value) × 2^\(exponent)") }
            }
        }
        #expect(ExactBinaryNumber(1).rounded(timesTwoToThe: 1024) == .infinity)
        #expect(ExactBinaryNumber(-1).rounded(timesTwoToThe: 1024) == -.infinity)
        #expect(ExactBinaryNumber(1).rounded(timesTwoToThe: -1074) == 0x1p-1074)
        #expect(ExactBinaryNumber(1).rounded(timesTwoToThe: -1075) == 0, "half the smallest subnormal ties to 0")
        #expect(ExactBinaryNumber(3).rounded(timesTwoToThe: -1076) == 0x1p-1074, "three quarters rounds up")
        #expect(ExactBinaryNumber(.greatestFiniteMagnitude).rounded(timesTwoToThe: 1) == .infinity)
    }

    @Test("A sum does not depend on the order of its addends, and cancels exactly")
    func orderAndCancellation() {
        let values = Self.values(count: 500, seed: 4)
        var forward = ExactBinarySum()
        var backward = ExactBinarySum()
        var squares = ExactBinarySum()
        for value in values {
            forward.add(value)
            squares.addSquare(value)
        }
        for value in values.reversed() { backward.add(value) }
        #expect(forward.number == backward.number)
        for value in values { forward.add(-value) }
        #expect(forward.number.isZero)
        #expect(!squares.number.isBelowZero && !squares.number.isZero)
        var cancelled = ExactBinarySum()
        for value in [1e308, 0x1p-1063, -1e308, 0.1, -0.1, 7] { cancelled.add(value) }
        #expect(cancelled.number == ExactBinaryNumber(7) + ExactBinaryNumber(0x1p-1063))
        #expect(cancelled.number.doubleValue == 7)
    }

    @Test("Squares and products beyond the largest Double are held exactly, and scaled back into range")
    func beyondRange() {
        var squares = ExactBinarySum()
        squares.addSquare(1e308)
        squares.addSquare(-1e308)
        #expect(squares.number.doubleValue == .infinity)
        // (2·1e616) × 2^-2048 is within range: the exact square, scaled, rounded once.
        let scaled = squares.number.rounded(timesTwoToThe: -2048)
        let expected = ExactBinaryNumber(1e308 * 0x1p-1024) * ExactBinaryNumber(1e308 * 0x1p-1024)
        #expect(scaled == (expected + expected).doubleValue)
        #expect(squares.number.binaryExponent == 2047)
    }

    @Test("Whole numbers take the 128-bit path and agree with the general one")
    func wholeNumbers() {
        var whole = ExactBinarySum()
        var general = ExactBinaryNumber.zero
        for value in [3.0, -(0x1p62 - 1024), 0x1p62, 5e15, -7, 0x1p31, 0x1p31 - 1] {
            whole.add(value)
            whole.addProduct(value, value)
            general += ExactBinaryNumber(value) + ExactBinaryNumber(value) * ExactBinaryNumber(value)
        }
        #expect(whole.number == general)
    }
}
