/// A cap on a metric's per-user values, so a few extreme users (a bulk buyer, a tab left open for a day) do not
/// swamp the comparison: every value above the cap counts as the cap.
///
/// A percentile cap is taken once over the users of every arm pooled, so each arm is capped at the same value,
/// as GrowthBook does. The percentile is SQL's `PERCENTILE_CONT`: linear interpolation between the two closest
/// ranks (Hyndman and Fan's type 7, numpy's default `linear` method), which GrowthBook uses where the engine
/// has it, and which DuckDB (`quantile_cont`), ClickHouse (`quantileExactInclusive`) and Spark (`percentile`)
/// compute exactly.
public enum MetricCap: Sendable, Hashable {
    /// Values above `value` count as `value`.
    case absolute(Double)
    /// Values above the `percentile` (in (0, 1], e.g. 0.99) of all arms' users' values count as that percentile;
    /// with `ignoringZeros`, the percentile is taken over the non-zero values only, so a revenue metric where
    /// most users spend nothing is not capped at 0.
    case percentile(Double, ignoringZeros: Bool)

    /// What is wrong with the cap, for a configuration error; nil when it is valid.
    public var problem: String? {
        switch self {
        case let .absolute(value):
            value.isFinite ? nil : "an absolute cap must be a finite number"
        case let .percentile(percentile, _):
            percentile > 0 && percentile <= 1 ? nil : "a percentile cap must be greater than 0 and at most 1 (e.g. 0.99), got \(percentile)"
        }
    }

    /// The value to cap at, from the values of every arm's users pooled; nil when nothing is capped: an invalid
    /// cap, or a percentile of no values (every value 0 with `ignoringZeros`). Non-finite values are left out.
    package func threshold(pooledValues: some Sequence<Double>) -> Double? {
        guard problem == nil else { return nil }
        switch self {
        case let .absolute(value):
            return value
        case let .percentile(percentile, ignoringZeros):
            let kept = pooledValues.filter { $0.isFinite && !(ignoringZeros && $0 == 0) }
            return Self.percentileContinuous(percentile, ofSorted: kept.sorted())
        }
    }

    /// `value`, or `threshold` when `value` is above it; `value` itself without a threshold.
    package static func apply(_ threshold: Double?, to value: Double) -> Double {
        guard let threshold else { return value }
        return min(value, threshold)
    }

    /// SQL's `PERCENTILE_CONT(p)` of `sorted` (ascending): at position h = (n − 1)·p from 0, the value at ⌊h⌋
    /// plus (h − ⌊h⌋) of the step to the next one. Nil when `sorted` is empty; p is clamped to [0, 1].
    package static func percentileContinuous(_ p: Double, ofSorted sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = Double(sorted.count - 1) * (p.isNaN ? 0 : min(max(p, 0), 1))
        let below = Int(position.rounded(.down))
        let fraction = position - Double(below)
        guard below + 1 < sorted.count, fraction > 0 else { return sorted[below] }
        return sorted[below] + fraction * (sorted[below + 1] - sorted[below])
    }
}
