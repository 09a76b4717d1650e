/// Which statistics judge an experiment's defined metrics: p-values (frequentist, the default) or the posterior's
/// chance to win and risks (Bayesian, gbstats' `EffectBayesianABTest`).
///
/// Under ``bayesian`` a metric comparison counts as significant when its chance to win is at least `1 − alpha`
/// (95% at the default alpha) or at most `alpha` (5%), and as significantly worse in the latter case; guardrail
/// warnings and the verdict's goal clause read it so.
public enum AnalysisEngine: String, Sendable, Hashable, Codable, CaseIterable {
    /// Intervals and p-values, adjusted across metrics and treatments.
    case frequentist
    /// Chance to win, credible interval and risks from the posterior of each difference.
    case bayesian
}
