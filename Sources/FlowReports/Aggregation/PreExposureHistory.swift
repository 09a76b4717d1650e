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
        /// Matching events for a count (or a proportion), the sum of their numbers for a sum.
        var total: ExactBinarySum
    }

    private(set) var totals: [DayTotal] = []

    /// Milliseconds in a day.
    static let dayMilliseconds: Int64 = 86_400_000

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
        }
        var index = totals.count - 1
        while index >= 0, totals[index].day == day {
            if totals[index].covariate == Int32(covariate) {
                totals[index].total.add(value)
                return
            }
            index -= 1
        }
        var total = ExactBinarySum()
        total.add(value)
        totals.append(DayTotal(day: day, covariate: Int32(covariate), total: total))
    }

    /// The total of `covariate` over the days from `day − lookbackDays` to `day`, both included, exactly.
    func total(of covariate: Int, from day: Int64, lookbackDays: Int64) -> ExactBinaryNumber {
        var total = ExactBinaryNumber.zero
        for entry in totals where entry.covariate == Int32(covariate) && entry.day >= day - lookbackDays && entry.day <= day {
            total += entry.total.number
        }
        return total
    }
}
