/// A cap on a metric's per-user values, so a few extreme users (a bulk buyer, a tab left open for a day, a refund
/// logged as a huge negative amount) do not swamp the comparison: every value above the upper cap counts as the
/// upper cap, and every value below the lower cap as the lower cap.
///
/// A percentile cap is taken once over the users of every arm pooled, so each arm is capped at the same values,
/// as GrowthBook does. The percentile is SQL's `PERCENTILE_CONT`: linear interpolation between the two closest
/// ranks (Hyndman and Fan's type 7, numpy's default `linear` method), which `switchyard sql` computes from the two
/// order statistics with the same arithmetic as `percentileContinuous(_:ofSorted:)`.
public enum MetricCap: Sendable, Hashable {
    /// Values below `lower` count as `lower`, values above `upper` as `upper`; either may be absent.
    case absolute(lower: Double?, upper: Double?)
    /// Values below the `lower` percentile (in [0, 1)) of all arms' users' values count as that percentile, and
    /// values above the `upper` percentile (in (0, 1]) as that one; either may be absent. With `ignoringZeros`,
    /// the percentiles are taken over the non-zero values only and zeros are left as they are, so a revenue metric
    /// where most users spend nothing is neither capped at 0 nor raised from it.
    case percentile(lower: Double?, upper: Double?, ignoringZeros: Bool)

    /// An upper cap only: values above `upper` count as `upper`.
    public static func absolute(_ upper: Double) -> MetricCap {
        .absolute(lower: nil, upper: upper)
    }

    /// An upper cap only, at the `upper` percentile of the pooled values.
    public static func percentile(_ upper: Double, ignoringZeros: Bool) -> MetricCap {
        .percentile(lower: nil, upper: upper, ignoringZeros: ignoringZeros)
    }

    /// The values a cap sets: nil where it sets none.
    public struct Thresholds: Sendable, Hashable {
        /// Values below it count as it.
        public var lower: Double?
        /// Values above it count as it.
        public var upper: Double?
        /// Whether zeros are left as they are.
        public var leavesZeros: Bool

        /// Thresholds from their values.
        public init(lower: Double?, upper: Double?, leavesZeros: Bool = false) {
            self.lower = lower
            self.upper = upper
            self.leavesZeros = leavesZeros
        }

        /// `value` held between the thresholds (a zero left as it is when ``leavesZeros``).
        public func apply(to value: Double) -> Double {
            guard !(leavesZeros && value == 0) else { return value }
            var capped = value
            if let lower, capped < lower { capped = lower }
            if let upper, capped > upper { capped = upper }
            return capped
        }
    }

    /// What is wrong with the cap, for a configuration error; nil when it is valid.
    public var problem: String? {
        switch self {
        case let .absolute(lower, upper):
            if lower == nil, upper == nil { return "a cap needs a lower or an upper value" }
            for value in [lower, upper].compactMap(\.self) where !value.isFinite {
                return "\(Self.text(value)) is out of range; expected a finite number"
            }
            if let lower, let upper, lower >= upper {
                return "[\(Self.text(lower)), \(Self.text(upper))] is out of order; expected the lower cap below the upper one"
            }
            if lower == nil, let upper, upper <= 0 {
                return "\(Self.text(upper)) is out of range; expected an upper cap above 0 (this one would set every user's value to "
                    + "\(Self.text(upper)) or less), or [LOWER, UPPER] to cap from both sides"
            }
            return nil
        case let .percentile(lower, upper, _):
            if lower == nil, upper == nil { return "a cap needs a lower or an upper percentile" }
            if let upper, !(upper > 0 && upper <= 1) {
                return "\(Self.text(upper)) is out of range; expected a share of users above 0 and at most 1 (0.99 caps at the 99th percentile)"
            }
            if let lower, !(lower >= 0 && lower < 1) {
                return "\(Self.text(lower)) is out of range; expected a share of users of at least 0 and below 1 "
                    + "(0.01 raises values to the 1st percentile)"
            }
            if let lower, let upper, lower >= upper {
                return "[\(Self.text(lower)), \(Self.text(upper))] is out of order; expected the lower percentile below the upper one"
            }
            return nil
        }
    }

    /// `value` as a configuration writes it: `5`, not `5.0`.
    private static func text(_ value: Double) -> String {
        if let whole = Int(exactly: value) { return String(whole) }
        return String(value)
    }

    /// The values to cap at, from the finite values of every arm's users pooled; nil for an invalid cap. A
    /// percentile of no values (every value 0 with `ignoringZeros`) caps nothing on its side.
    package func thresholds(pooledValues: some Sequence<Double>) -> Thresholds? {
        guard problem == nil else { return nil }
        switch self {
        case let .absolute(lower, upper):
            return Thresholds(lower: lower, upper: upper)
        case let .percentile(lower, upper, ignoringZeros):
            let kept = pooledValues.filter { $0.isFinite && !(ignoringZeros && $0 == 0) }.sorted()
            return Thresholds(
                lower: lower.flatMap { Self.percentileContinuous($0, ofSorted: kept) },
                upper: upper.flatMap { Self.percentileContinuous($0, ofSorted: kept) }, leavesZeros: ignoringZeros
            )
        }
    }

    /// The values to cap at, from every arm's users pooled as values each held by some users (a counts file's
    /// tuples), as ``thresholds(pooledValues:)`` takes them from the values expanded one per user.
    func thresholds(pooledEntries: some Sequence<(value: Double, users: Int)>) -> Thresholds? {
        guard problem == nil else { return nil }
        switch self {
        case let .absolute(lower, upper):
            return Thresholds(lower: lower, upper: upper)
        case let .percentile(lower, upper, ignoringZeros):
            let kept = WeightedSortedValues(pooledEntries.lazy.filter { !(ignoringZeros && $0.value == 0) })
            return Thresholds(
                lower: lower.flatMap { kept.percentileContinuous($0) }, upper: upper.flatMap { kept.percentileContinuous($0) },
                leavesZeros: ignoringZeros
            )
        }
    }

    /// SQL's `PERCENTILE_CONT(p)` of `sorted` (ascending): at position h = (n − 1)·p from 0, the value at ⌊h⌋
    /// plus (h − ⌊h⌋) of the step to the next one (for two values whose step is beyond the largest Double, the
    /// weighted sum of the two instead). Nil when `sorted` is empty; p is clamped to [0, 1].
    package static func percentileContinuous(_ p: Double, ofSorted sorted: [Double]) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = Double(sorted.count - 1) * (p.isNaN ? 0 : min(max(p, 0), 1))
        let below = Int(position.rounded(.down))
        guard below + 1 < sorted.count else { return sorted[below] }
        return interpolate(sorted[below], sorted[below + 1], fraction: position - Double(below))
    }

    /// `low` + `fraction` × (`high` − `low`), or (1 − `fraction`) × `low` + `fraction` × `high` when the step
    /// overflows; `low` itself when `fraction` is 0.
    package static func interpolate(_ low: Double, _ high: Double, fraction: Double) -> Double {
        guard fraction > 0 else { return low }
        let step = high - low
        return step.isFinite ? low + fraction * step : (1 - fraction) * low + fraction * high
    }
}
