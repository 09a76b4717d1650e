/// The critical value at which an interval shows a multiple-comparison correction: it excludes the null exactly when the
/// adjusted p-value is below alpha (GrowthBook's adjusted intervals, in `adjustedCI`).
///
/// A test of statistic `t` (|estimate| / standard error for a Wald test) has raw p-value `2·(1 − Φ(t))`. Its interval at
/// `z' = z · t / z(p̃)`, with `z(q) = Φ⁻¹(1 − q/2)` and `p̃` the adjusted p-value, touches the null exactly when
/// `z(p̃) = z`, that is when `p̃ = alpha`. For a Wald interval it is `estimate ∓ z·|estimate|/z(p̃)`. It is never taken
/// below `z`, so an adjusted interval is never narrower than the raw one.
enum CorrectedCriticalValue {
    /// `max(z, z · statistic / z(adjustedPValue))`; nil (an unbounded interval) when the adjusted p-value is 1, and `z`
    /// when it is 0 (underflowed), where no correction widens anything measurably.
    static func value(z: Double, statistic: Double, adjustedPValue: Double) -> Double? {
        guard adjustedPValue < 1 else { return nil }
        let adjustedZ = -NormalDistribution.quantile(adjustedPValue / 2)
        guard adjustedZ.isFinite, adjustedZ > 0, statistic.isFinite else { return z }
        return max(z, z * abs(statistic) / adjustedZ)
    }
}
