import Foundation

/// The Bayesian result of one difference between a treatment and control, absolute or relative: gbstats 0.8.0's
/// `EffectBayesianABTest`.
///
/// The data give the difference's estimate `d` and squared standard error `V` (see ``BayesianComparison``); the
/// posterior of the effect is normal:
/// - improper prior: mean `d`, variance `V`;
/// - proper prior N(μ, σ²) on the difference's scale: precision `1/V + 1/σ²`, mean `(d/V + μ/σ²) / (1/V + 1/σ²)`.
///
/// From the posterior N(m, s²): chance to win `P(effect > 0) = Φ(m/s)` (`P(effect < 0)` when lower is better);
/// credible interval `m + s·Φ⁻¹(α/2)` to `m + s·Φ⁻¹(1 − α/2)`; risk of control `E[max(effect, 0)]`, risk of the
/// treatment `E[max(−effect, 0)]` (swapped when lower is better).
public struct BayesianEffect: Sendable, Hashable {
    /// The posterior mean of the effect (gbstats' `expected`): the data's difference, pulled towards the prior's mean
    /// by a proper prior.
    public var mean: Double
    /// The posterior standard deviation of the effect (gbstats' `uplift.stddev`).
    public var standardDeviation: Double
    /// The probability that the treatment is better than control: that the effect is above 0, or below 0 for a
    /// metric where lower is better.
    public var chanceToWin: Double
    /// The central interval that holds 1 − alpha of the posterior.
    public var credibleInterval: ConfidenceInterval
    /// The expected loss of keeping control: how much better, on average over the posterior, the treatment is in the
    /// cases where it is better (0 where it is worse). On the difference's scale.
    public var riskOfControl: Double
    /// The expected loss of shipping the treatment: how much worse, on average over the posterior, it is in the cases
    /// where it is worse. On the difference's scale.
    public var riskOfTreatment: Double

    /// The posterior variance of the effect.
    public var variance: Double {
        standardDeviation * standardDeviation
    }

    /// The result of a difference estimated as `estimate` with standard error `standardError`, under `prior` (a mean
    /// and standard deviation on the same scale; nil for the improper prior), with a credible interval at 1 − `alpha`.
    ///
    /// Nil when a number of the result is not finite; every input must be finite and both deviations positive.
    /// Computed without overflow or underflow in between: the posterior by the data's and the prior's weights
    /// `σ²/(V + σ²)` and `V/(V + σ²)`, each from the ratio of the two standard deviations.
    init?(
        estimate: Double, standardError: Double, prior: (mean: Double, standardDeviation: Double)?, alpha: Double,
        direction: MetricDirection
    ) {
        let mean: Double
        let deviation: Double
        if let prior {
            let dataWeight: Double
            let priorWeight: Double
            if standardError <= prior.standardDeviation {
                let ratio = standardError / prior.standardDeviation
                let squared = ratio * ratio
                dataWeight = 1 / (1 + squared)
                priorWeight = squared * dataWeight
                deviation = standardError / (1 + squared).squareRoot()
            } else {
                let ratio = prior.standardDeviation / standardError
                let squared = ratio * ratio
                priorWeight = 1 / (1 + squared)
                dataWeight = squared * priorWeight
                deviation = prior.standardDeviation / (1 + squared).squareRoot()
            }
            mean = dataWeight * estimate + priorWeight * prior.mean
        } else {
            mean = estimate
            deviation = standardError
        }
        let upperRisk = NormalDistribution.expectedPositivePart(mean: mean, standardDeviation: deviation)
        let lowerRisk = NormalDistribution.expectedPositivePart(mean: -mean, standardDeviation: deviation)
        let z = mean / deviation
        let interval = ConfidenceInterval(
            lower: mean + deviation * NormalDistribution.quantile(alpha / 2),
            upper: mean + deviation * NormalDistribution.quantile(1 - alpha / 2)
        )
        guard [mean, deviation, interval.lower, interval.upper, upperRisk, lowerRisk].allSatisfy(\.isFinite), deviation > 0 else {
            return nil
        }
        self.mean = mean
        standardDeviation = deviation
        credibleInterval = interval
        switch direction {
        case .higherIsBetter:
            chanceToWin = NormalDistribution.cdf(z)
            riskOfControl = upperRisk
            riskOfTreatment = lowerRisk
        case .lowerIsBetter:
            chanceToWin = NormalDistribution.cdf(-z)
            riskOfControl = lowerRisk
            riskOfTreatment = upperRisk
        }
    }
}
