/// Settings of the comparison.
public struct ComparisonSettings: Sendable, Hashable {
    /// Two-sided significance level; intervals have coverage 1 − alpha.
    public var alpha: Double = 0.05
    /// Target power of the sample-size and minimum-detectable-effect calculations.
    public var power: Double = 0.8
    /// Fixed-horizon or sequential (always-valid) intervals and p-values.
    public var method: TestingMethod = .fixedHorizon
    /// The smallest absolute difference in conversion rate the experiment was planned to detect (0.02 is 2 pp):
    /// with it, the verdict weighs results against the planned sample size per arm.
    public var plannedEffect: Double?

    /// Creates settings; out-of-range values are clamped when used (see ``effectiveAlpha`` and ``effectivePower``).
    public init(alpha: Double = 0.05, power: Double = 0.8, method: TestingMethod = .fixedHorizon, plannedEffect: Double? = nil) {
        self.alpha = alpha
        self.power = power
        self.method = method
        self.plannedEffect = plannedEffect
    }

    /// Smallest and largest probability the settings are clamped to, so quantiles stay finite.
    static let probabilityBounds: ClosedRange<Double> = 1e-15...(1 - 1e-15)

    /// `alpha` clamped into [1e-15, 1 − 1e-15]; 0.05 when it is NaN.
    public var effectiveAlpha: Double {
        alpha.isNaN ? 0.05 : min(max(alpha, Self.probabilityBounds.lowerBound), Self.probabilityBounds.upperBound)
    }

    /// `power` clamped into [1e-15, 1 − 1e-15]; 0.8 when it is NaN.
    public var effectivePower: Double {
        power.isNaN ? 0.8 : min(max(power, Self.probabilityBounds.lowerBound), Self.probabilityBounds.upperBound)
    }
}
