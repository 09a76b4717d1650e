/// A sum of numbers rounded once, from their exact sum: the same bits whatever order the numbers are added in,
/// so that a user's sum of a property does not depend on the order of their events' lines, and an engine that
/// hands over the numbers (``AggregateQuery``) gets the sum the logs give.
///
/// The numbers are kept as non-overlapping partial sums (Shewchuk's algorithm, as Python's `math.fsum`), each
/// scaled by 2⁻⁶⁴ so that no partial sum of fewer than 2⁶³ numbers can overflow; the scaling is exact for every
/// magnitude above 2⁻⁹⁵⁸ and the same for a number whatever its position.
struct ExactSum: Sendable, Hashable {
    private static let down = 0x1p-64
    private static let up = 0x1p64
    /// The largest magnitude of the integers added and of their sum for which `whole` is exact.
    private static let exactIntegers = 0x1p52
    /// The sum of the numbers added while all were integers of magnitude at most 2⁵², with a sum as small: exact,
    /// and kept without allocating (amounts in cents, counts). Once a number is not, it moves into `partials`.
    private var whole = 0.0
    /// Partial sums of increasing magnitude whose exact sum is the scaled sum of the numbers added.
    private var partials: [Double] = []

    /// Adds `number`, which must be finite.
    mutating func add(_ number: Double) {
        if partials.isEmpty, number.rounded(.towardZero) == number, abs(number) <= Self.exactIntegers, abs(whole) <= Self.exactIntegers {
            whole += number
            return
        }
        if whole != 0 {
            let moved = whole
            whole = 0
            addToPartials(moved)
        }
        addToPartials(number)
    }

    private mutating func addToPartials(_ number: Double) {
        var x = number * Self.down
        var kept = 0
        for index in partials.indices {
            var y = partials[index]
            if abs(x) < abs(y) { swap(&x, &y) }
            let high = x + y
            let low = y - (high - x)
            if low != 0 {
                partials[kept] = low
                kept += 1
            }
            x = high
        }
        partials.removeSubrange(kept...)
        partials.append(x)
    }

    /// The exact sum rounded to the nearest Double (ties to even); 0 without numbers; infinite when the sum is
    /// beyond the largest Double.
    var value: Double {
        var remaining = partials.count
        // Adding 0 makes a sum of negative zeros the 0 that adding in order from 0 gives.
        guard remaining > 0 else { return whole + 0 }
        remaining -= 1
        var high = partials[remaining]
        var low = 0.0
        while remaining > 0 {
            let x = high
            remaining -= 1
            let y = partials[remaining]
            high = x + y
            low = y - (high - x)
            if low != 0 { break }
        }
        // A half-way rounding that the partials below would tip the other way: round away from the even value.
        if remaining > 0, low < 0 && partials[remaining - 1] < 0 || low > 0 && partials[remaining - 1] > 0 {
            let twice = low * 2
            let adjusted = high + twice
            if twice == adjusted - high { high = adjusted }
        }
        // Adding 0 makes a sum of negative zeros the 0 that adding in order from 0 gives.
        return high * Self.up + 0
    }
}
