import Foundation

/// A treatment against control on a metric, by GrowthBook's Bayesian engine (gbstats 0.8.0's
/// `EffectBayesianABTest`): per difference, the posterior of the effect with its chance to win, credible interval
/// and risks (``BayesianEffect``).
///
/// With each arm's estimate `m`, unit variance `s²` and count `n` (`MetricArmStatistic`, as
/// ``MetricComparison`` takes them), the data give, as for the frequentist results:
/// - absolute: `d = mT − mC`, `V = s²T/nT + s²C/nC`;
/// - relative: `d = (mT − mC)/mC`, `V = s²T/(mC²·nT) + s²C·mT²/(mC⁴·nC)` (delta method).
///
/// For a CUPED metric (`RegressionAdjustedArm`) `m` and `s²` are the adjusted estimate and variance, and the
/// relative difference divides by control's unadjusted estimate `x̄C` and takes `x̄T`, `x̄C` in its delta method, as
/// gbstats does: `d = (mT − mC)/x̄C`, `V = s²T/(x̄C²·nT) + s²C·x̄T²/(x̄C⁴·nC)`.
///
/// The prior is on the relative scale; for the absolute difference its mean and standard deviation are multiplied
/// by `|mC|` (`|x̄C|` for a CUPED metric), as gbstats does. Standard errors are computed as `√(a² + b²)` from the two arms' terms, each a product
/// taken without overflow or underflow in between, so that extreme but finite inputs give finite results or
/// ``BayesianLimitation/valueBeyondRange``, never NaN.
public struct BayesianComparison: Sendable, Hashable {
    /// The absolute difference's result (on the metric's scale), or why there is none.
    public var absolute: BayesianReading
    /// The relative difference's result (a share of control's estimate), or why there is none.
    public var relative: BayesianReading

    /// A comparison of the given results.
    package init(absolute: BayesianReading, relative: BayesianReading) {
        self.absolute = absolute
        self.relative = relative
    }

    /// Compares `treatment` with `control` under `settings`, for a metric where `direction` is better.
    ///
    /// No result when an arm has a limitation (its reason, the worse of the two arms'), as gbstats declines for an
    /// arm without units or without variance; the relative difference, and the absolute one under a proper prior,
    /// also need control's estimate to be other than 0.
    package init<Statistic: MetricArmStatistic>(
        treatment: Statistic, control: Statistic, settings: BayesianSettings, direction: MetricDirection = .higherIsBetter
    ) {
        guard let arms = Arms(treatment: treatment, control: control) else {
            let reason = Self.limitation(treatment: treatment, control: control)
            absolute = .notComputed(reason)
            relative = .notComputed(reason)
            return
        }
        let alpha = settings.effectiveAlpha
        absolute = Self.absolute(arms, prior: settings.prior, alpha: alpha, direction: direction)
        relative = Self.relative(arms, prior: settings.prior, alpha: alpha, direction: direction)
    }

    /// `mT − mC` with `√(s²T/nT + s²C/nC)`; under a proper prior, the prior times `|mC|`.
    private static func absolute(_ arms: Arms, prior: BayesianPrior, alpha: Double, direction: MetricDirection) -> BayesianReading {
        let (control, treatment) = (arms.control, arms.treatment)
        let estimate = treatment.mean - control.mean
        guard estimate.isFinite else { return .notComputed(.valueBeyondRange) }
        let standardError = hypot(treatment.deviation / treatment.root, control.deviation / control.root)
        var priorOnScale: (mean: Double, standardDeviation: Double)?
        if let standardDeviation = prior.standardDeviation {
            guard control.unadjustedMean != 0 else { return .notComputed(.controlEstimateZero) }
            let scale = abs(control.unadjustedMean)
            priorOnScale = (prior.mean * scale, standardDeviation * scale)
        }
        return reading(estimate: estimate, standardError: standardError, prior: priorOnScale, alpha: alpha, direction: direction)
    }

    /// `(mT − mC)/mC` with `√(s²T/(mC²·nT) + s²C·mT²/(mC⁴·nC))` (the unadjusted estimates in the denominators and
    /// the delta method), the prior as it is.
    private static func relative(_ arms: Arms, prior: BayesianPrior, alpha: Double, direction: MetricDirection) -> BayesianReading {
        let (control, treatment) = (arms.control, arms.treatment)
        guard control.unadjustedMean != 0 else { return .notComputed(.controlEstimateZero) }
        let difference = treatment.mean - control.mean
        // A difference beyond a double comes from means beyond 2¹⁰²³ in magnitude, whose halves are exact.
        let estimate = difference.isFinite
            ? difference / control.unadjustedMean
            : (treatment.mean / 2 - control.mean / 2) / control.unadjustedMean * 2
        let standardError = hypot(
            product(treatment.deviation, over: [treatment.root, control.unadjustedMean]),
            product(control.deviation, treatment.unadjustedMean, over: [control.root, control.unadjustedMean, control.unadjustedMean])
        )
        let priorOnScale = prior.standardDeviation.map { (mean: prior.mean, standardDeviation: $0) }
        return reading(estimate: estimate, standardError: standardError, prior: priorOnScale, alpha: alpha, direction: direction)
    }

    /// The result of one difference; out of range when an input or a number of the result is not finite, or a
    /// standard deviation is not above 0 (one below the smallest double).
    private static func reading(
        estimate: Double, standardError: Double, prior: (mean: Double, standardDeviation: Double)?, alpha: Double,
        direction: MetricDirection
    ) -> BayesianReading {
        let priorIsUsable = prior.map { $0.mean.isFinite && $0.standardDeviation.isFinite && $0.standardDeviation > 0 } ?? true
        guard estimate.isFinite, standardError.isFinite, standardError > 0, priorIsUsable,
              let effect = BayesianEffect(
                  estimate: estimate, standardError: standardError, prior: prior, alpha: alpha, direction: direction
              )
        else { return .notComputed(.valueBeyondRange) }
        return .computed(effect)
    }

    /// |x₁·x₂·…| / |y₁·y₂·…| with one rounding per factor and none to infinity or 0 in between: the significands
    /// multiply and the exponents add, and only the result is scaled. 0 when a factor is 0.
    static func product(_ factors: Double..., over divisors: [Double]) -> Double {
        if factors.contains(0) { return 0 }
        var significand = 1.0
        var exponent = 0
        for factor in factors {
            significand *= factor.magnitude.significand
            exponent += factor.exponent
        }
        for divisor in divisors {
            significand /= divisor.magnitude.significand
            exponent -= divisor.exponent
        }
        return Double(sign: .plus, exponent: exponent, significand: significand)
    }

    /// The two arms' estimates, standard deviations and √n, when both can be compared.
    private struct Arms {
        struct Arm {
            let mean: Double
            /// The estimate before adjustment for a covariate: `mean` unless the arm is a CUPED one.
            let unadjustedMean: Double
            /// √(unit variance).
            let deviation: Double
            /// √n.
            let root: Double
        }

        let treatment: Arm
        let control: Arm

        init?<Statistic: MetricArmStatistic>(treatment: Statistic, control: Statistic) {
            func arm(_ statistic: Statistic) -> Arm? {
                guard statistic.limitation == nil, statistic.count > 0, let mean = statistic.estimate, mean.isFinite,
                      let unadjustedMean = statistic.unadjustedEstimate, unadjustedMean.isFinite,
                      statistic.unitVariance > 0, statistic.unitVariance.isFinite
                else { return nil }
                return Arm(mean: mean, unadjustedMean: unadjustedMean, deviation: statistic.unitVariance.squareRoot(), root: Double(statistic.count).squareRoot())
            }
            guard let treatment = arm(treatment), let control = arm(control) else { return nil }
            self.treatment = treatment
            self.control = control
        }
    }

    /// The worse of the two arms' limitations; for an arm without one whose numbers cannot be used, no variance (a
    /// unit variance of 0) or out of range (a number that is not finite).
    private static func limitation<Statistic: MetricArmStatistic>(treatment: Statistic, control: Statistic) -> BayesianLimitation {
        if let worst = MetricComparisonLimitation.worst(control.limitation, treatment.limitation) {
            return BayesianLimitation(worst)
        }
        for arm in [control, treatment] {
            if arm.count == 0 || arm.estimate == nil { return .emptyArm }
            if arm.unitVariance == 0 { return .noVariance }
        }
        return .valueBeyondRange
    }
}
