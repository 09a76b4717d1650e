/// One user's recent matching events for CUPED covariates, as totals per UTC day and per covariate: what each
/// covariate adds up on each day, exactly (so a covariate is the same whatever the order of its events, as the SQL of
/// `switchyard sql` computes it), kept only for the days a lookback can still reach.
///
/// Events are recorded in the user's time order, so the totals are in day order and the oldest are dropped from the
/// front. Memory per user is bounded by the covariates times the longest lookback (plus one day), never by events;
/// a user without matching events holds nothing.
struct PreExposureHistory: Sendable {
    /// One covariate's total over one day.
    struct DayTotal: Sendable {
        /// Days since 1970-01-01 UTC.
        var day: Int64
        /// The covariate, by index in ``PreExposureCovariates``.
        var covariate: Int32
        /// Where the total is held in `exactTotals` once a Double cannot hold it exactly; -1 while it can.
        var exactIndex: Int32
        /// Matching events for a count (or a proportion), the sum of their numbers for a sum, while every addend and
        /// the total are whole numbers below 2^53, which Double adds exactly: counts and cents, the common case.
        var total: Double
    }

    private(set) var totals: [DayTotal] = []
    /// The totals that went beyond what a Double holds exactly (a fraction, a number of 2^53 or more).
    private var exactTotals: [ExactBinarySum] = []

    /// Milliseconds in a day.
    static let dayMilliseconds: Int64 = 86_400_000

    /// The largest magnitude below which whole Doubles add exactly.
    private static let exactWholeLimit = 9_007_199_254_740_992.0

    /// The UTC day of `milliseconds` since the epoch, rounded down (also before 1970).
    static func day(of milliseconds: Int64) -> Int64 {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: dayMilliseconds)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// Adds `value` to `covariate` on `day`, the day of the user's latest event, dropping the days before
    /// `day − keptDays`.
    mutating func add(_ value: Double, to covariate: Int, on day: Int64, keptDays: Int64) {
        let oldest = day - keptDays
        if let first = totals.first, first.day < oldest {
            totals.removeFirst(totals.firstIndex { $0.day >= oldest } ?? totals.count)
            compactExactTotals()
        }
        var index = totals.count - 1
        while index >= 0, totals[index].day == day {
            if totals[index].covariate == Int32(covariate) {
                add(value, toEntry: index)
                return
            }
            index -= 1
        }
        totals.append(DayTotal(day: day, covariate: Int32(covariate), exactIndex: -1, total: 0))
        add(value, toEntry: totals.count - 1)
    }

    /// Adds `value` to the total at `index`, in the Double while the sum stays a whole number below 2^53.
    private mutating func add(_ value: Double, toEntry index: Int) {
        let held = totals[index].exactIndex
        if held >= 0 {
            exactTotals[Int(held)].add(value)
            return
        }
        let sum = totals[index].total + value
        if value.rounded(.towardZero) == value, abs(value) < Self.exactWholeLimit, abs(sum) < Self.exactWholeLimit {
            totals[index].total = sum
            return
        }
        var exact = ExactBinarySum()
        exact.add(totals[index].total)
        exact.add(value)
        totals[index].exactIndex = Int32(exactTotals.count)
        exactTotals.append(exact)
    }

    /// Keeps only the exact totals some day still refers to, renumbered.
    private mutating func compactExactTotals() {
        guard !exactTotals.isEmpty else { return }
        var kept: [ExactBinarySum] = []
        for index in totals.indices where totals[index].exactIndex >= 0 {
            kept.append(exactTotals[Int(totals[index].exactIndex)])
            totals[index].exactIndex = Int32(kept.count - 1)
        }
        exactTotals = kept
    }

    /// The total of `covariate` over the days from `day − lookbackDays` to `day`, both included, exactly.
    func total(of covariate: Int, from day: Int64, lookbackDays: Int64) -> ExactBinaryNumber {
        // Whole day totals are below 2^53 each, and a lookback has at most 366 days: their sum fits in 63 bits.
        var whole: Int64 = 0
        var total = ExactBinaryNumber.zero
        for entry in totals where entry.covariate == Int32(covariate) && entry.day >= day - lookbackDays && entry.day <= day {
            if entry.exactIndex >= 0 {
                total += exactTotals[Int(entry.exactIndex)].number
            } else {
                whole += Int64(entry.total)
            }
        }
        return whole == 0 ? total : total + ExactBinaryNumber(Int(whole))
    }
}
