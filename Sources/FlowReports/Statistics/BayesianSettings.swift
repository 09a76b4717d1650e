/// Settings of the Bayesian results: the prior and the credible interval's mass.
public struct BayesianSettings: Sendable, Hashable {
    /// The prior on the relative effect; ``BayesianPrior/improper`` (gbstats' default) lets the data speak alone.
    public var prior: BayesianPrior
    /// The credible interval holds 1 − alpha of the posterior: 0.05 (gbstats' default) gives a 95% interval.
    public var alpha: Double

    /// Creates settings; an alpha out of range is clamped when used (see ``effectiveAlpha``).
    public init(prior: BayesianPrior = .improper, alpha: Double = 0.05) {
        self.prior = prior
        self.alpha = alpha
    }

    /// `alpha` clamped into [1e-15, 1 − 1e-15], 0.05 when it is NaN, as ``ComparisonSettings/effectiveAlpha``.
    public var effectiveAlpha: Double {
        ComparisonSettings(alpha: alpha).effectiveAlpha
    }
}
