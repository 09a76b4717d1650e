import Foundation

/// A treatment against control on a metric a team defines: the absolute and relative differences with their
/// intervals and p-values, as GrowthBook's gbstats 0.8.0 computes them (`TwoSidedTTest`, or
/// `SequentialTwoSidedTTest` for a sequential experiment).
///
/// With each arm's estimate `m`, unit variance `s²` and count `n` (`MetricArmStatistic`):
/// - absolute: `mT − mC`, squared standard error `s²T/nT + s²C/nC`;
/// - relative (delta method): `(mT − mC)/mC`, squared standard error `s²T/(mC²·nT) + s²C·mT²/(mC⁴·nC)`;
/// - fixed horizon: Student's t with the Welch–Satterthwaite degrees of freedom of the absolute difference,
///   `(s²T/nT + s²C/nC)² / (s⁴T/(nT²(nT − 1)) + s⁴C/(nC²(nC − 1)))`, for both differences;
/// - sequential: `AsymptoticConfidenceSequence` over nT + nC units, for both differences.
///
/// For a CUPED metric (`RegressionAdjustedArm`) `m` and `s²` are the adjusted estimate and variance, except in the
/// relative difference's denominator and its delta method, which take the unadjusted estimates `x̄`, as gbstats does:
/// `(mT − mC)/x̄C`, squared standard error `s²T/(x̄C²·nT) + s²C·x̄T²/(x̄C⁴·nC)`.
///
/// Unlike gbstats, which returns nothing when control's estimate is 0, the absolute difference is still tested
/// then; only the relative one is undefined. And unlike gbstats, which returns nothing when either arm's values
/// never vary, such a difference is tested as Welch's test tests it, from the other arm's variance (no user of one
/// arm failing a payment while some of the other's do is a difference to test); only two arms without variance,
/// or an arm of fewer than 2 values, leave it untested.
public struct MetricComparison: Sendable, Hashable {
    /// Fixed horizon or sequential.
    public var method: TestingMethod
    /// Control's estimate; nil when undefined.
    public var controlEstimate: Double?
    /// The treatment's estimate; nil when undefined.
    public var treatmentEstimate: Double?
    /// treatment − control; nil when either estimate is undefined.
    public var absolute: MetricEffect?
    /// treatment / control − 1; nil when either estimate is undefined or control's is 0.
    public var relative: MetricEffect?
    /// The Welch–Satterthwaite degrees of freedom of a fixed-horizon test; nil for a sequential one or without a test.
    public var degreesOfFreedom: Double?
    /// Why there is no interval or p-value (the worse of the two arms' reasons); nil when there are.
    public var limitation: MetricComparisonLimitation?
    /// Why there is no relative difference although there is an absolute one (control's estimate is 0); nil otherwise.
    public var relativeLimitation: MetricComparisonLimitation?

    /// The p-value a correction across metrics × treatments takes: the absolute difference's, 1 without a test.
    public var pValue: Double {
        absolute?.pValue ?? 1
    }

    /// Compares `treatment` with `control` at `settings.alpha` by `settings.method`.
    ///
    /// Everything is computed at one scale, a power of two at which both arms' estimates and spreads are of order
    /// one (``MetricArmStatistic/scaleExponent``), and only the results are scaled back: no value short of the
    /// largest Double overflows a square or a difference. A result that is itself beyond the largest Double (a
    /// difference of 1e308 and −1e308) is not tested: ``MetricComparisonLimitation/valueBeyondRange``.
    package init<Statistic: MetricArmStatistic>(treatment: Statistic, control: Statistic, settings: ComparisonSettings) {
        method = settings.method
        degreesOfFreedom = nil
        limitation = Self.limitation(treatment: treatment, control: control)
        relativeLimitation = nil
        // One more than the larger arm's scale leaves room for the difference of two estimates of that scale.
        let scale = max(treatment.scaleExponent, control.scaleExponent) + 1
        let controlMean = control.estimate(scaledBy: scale)
        let treatmentMean = treatment.estimate(scaledBy: scale)
        controlEstimate = controlMean.map { $0.timesPowerOfTwo(scale) }
        treatmentEstimate = treatmentMean.map { $0.timesPowerOfTwo(scale) }
        guard let controlMean, let treatmentMean, controlMean.isFinite, treatmentMean.isFinite else {
            absolute = nil
            relative = nil
            if controlMean?.isFinite == false || treatmentMean?.isFinite == false { limitation = .valueBeyondRange }
            return
        }
        // A CUPED arm's relative difference divides by control's unadjusted estimate (the same for any other arm).
        let controlBase = control.unadjustedEstimate(scaledBy: scale) ?? controlMean
        let treatmentBase = treatment.unadjustedEstimate(scaledBy: scale) ?? treatmentMean
        let relativeEstimate: Double? = controlBase == 0 || !controlBase.isFinite || !treatmentBase.isFinite
            ? nil : (treatmentMean - controlMean) / controlBase
        if relativeEstimate == nil { relativeLimitation = .controlEstimateZero }
        let difference = (treatmentMean - controlMean).timesPowerOfTwo(scale)
        absolute = difference.isFinite ? MetricEffect(estimate: difference) : nil
        relative = relativeEstimate.map { MetricEffect(estimate: $0) }
        guard difference.isFinite else {
            limitation = .valueBeyondRange
            return
        }
        guard limitation == nil else { return }

        let treatmentCount = Double(treatment.count)
        let controlCount = Double(control.count)
        let treatmentVariance = treatment.unitVariance(scaledBy: scale)
        let controlVariance = control.unitVariance(scaledBy: scale)
        guard treatmentVariance.isFinite, controlVariance.isFinite else {
            limitation = .valueBeyondRange
            return
        }
        let treatmentShare = treatmentVariance / treatmentCount
        let controlShare = controlVariance / controlCount
        let inference = Inference(
            settings: settings, users: treatment.count + control.count,
            degreesOfFreedom: Self.welchDegreesOfFreedom(
                treatmentShare: treatmentShare, treatmentCount: treatmentCount,
                controlShare: controlShare, controlCount: controlCount
            )
        )
        let scaledAbsolute = inference.effect(estimate: treatmentMean - controlMean, variance: treatmentShare + controlShare)
        let unscaledAbsolute = scaledAbsolute.timesPowerOfTwo(scale)
        guard unscaledAbsolute.isFinite else {
            limitation = .valueBeyondRange
            return
        }
        if case .fixedHorizon = method { degreesOfFreedom = inference.degreesOfFreedom }
        absolute = unscaledAbsolute
        if let relativeEstimate {
            let controlSquared = controlBase * controlBase
            let variance = treatmentVariance / (controlSquared * treatmentCount)
                + controlVariance * treatmentBase * treatmentBase / (controlSquared * controlSquared * controlCount)
            relative = inference.effect(estimate: relativeEstimate, variance: variance)
        }
    }

    /// A comparison that cannot be made, for `limitation`: no estimates, no test.
    package init(untestable limitation: MetricComparisonLimitation, settings: ComparisonSettings) {
        method = settings.method
        controlEstimate = nil
        treatmentEstimate = nil
        absolute = nil
        relative = nil
        degreesOfFreedom = nil
        self.limitation = limitation
        relativeLimitation = nil
    }

    /// (a + b)² / (a²/(nT − 1) + b²/(nC − 1)) with a = s²T/nT and b = s²C/nC; +∞ when it is not a finite positive
    /// number (shares too small to square), which reads as the normal distribution.
    static func welchDegreesOfFreedom(treatmentShare: Double, treatmentCount: Double, controlShare: Double, controlCount: Double) -> Double {
        let total = treatmentShare + controlShare
        let degrees = total * total / (
            treatmentShare * treatmentShare / (treatmentCount - 1) + controlShare * controlShare / (controlCount - 1)
        )
        return degrees.isFinite && degrees > 0 ? degrees : .infinity
    }

    /// The interval and p-value of an estimate from its squared standard error, by one method.
    private struct Inference {
        let degreesOfFreedom: Double
        let users: Int
        let sequence: AsymptoticConfidenceSequence?
        let alpha: Double
        /// The two-sided critical value of a fixed-horizon test; computed once for both differences.
        let criticalValue: Double

        init(settings: ComparisonSettings, users: Int, degreesOfFreedom: Double) {
            self.degreesOfFreedom = degreesOfFreedom
            self.users = users
            alpha = settings.effectiveAlpha
            switch settings.method {
            case .fixedHorizon:
                sequence = nil
                criticalValue = degreesOfFreedom.isFinite
                    ? StudentTDistribution.twoSidedCriticalValue(alpha, degreesOfFreedom: degreesOfFreedom)
                    : NormalDistribution.quantile(1 - alpha / 2)
            case let .sequential(tuningUsers):
                sequence = AsymptoticConfidenceSequence(alpha: alpha, tuningUsers: tuningUsers)
                criticalValue = .nan
            }
        }

        /// The effect with its inference; without inference when the variance is not a finite positive number.
        func effect(estimate: Double, variance: Double) -> MetricEffect {
            guard variance > 0, variance.isFinite, estimate.isFinite else { return MetricEffect(estimate: estimate) }
            let standardError = variance.squareRoot()
            let halfWidth: Double
            let pValue: Double
            if let sequence {
                halfWidth = sequence.halfWidth(variance: variance, users: users)
                pValue = sequence.pValue(estimate: estimate, variance: variance, users: users)
            } else {
                halfWidth = criticalValue * standardError
                let t = estimate / standardError
                pValue = degreesOfFreedom.isFinite
                    ? StudentTDistribution.twoSidedSurvival(t, degreesOfFreedom: degreesOfFreedom)
                    : 2 * NormalDistribution.survival(abs(t))
            }
            return MetricEffect(
                estimate: estimate, standardError: standardError,
                interval: ConfidenceInterval(lower: estimate - halfWidth, upper: estimate + halfWidth), pValue: pValue
            )
        }
    }

    /// Why the arms cannot be compared, worst first: an arm's own limitation other than values that are all equal,
    /// then an arm of fewer than 2 values, then no variance in either arm.
    ///
    /// Only an arm whose values are truly all equal (unit variance 0) is tested from the other arm's variance; a
    /// quantile arm whose bounds are equal keeps its `no_variance` (its variance is a floor, not an estimate).
    private static func limitation<Statistic: MetricArmStatistic>(treatment: Statistic, control: Statistic) -> MetricComparisonLimitation? {
        let own = [control, treatment].compactMap { arm in
            arm.limitation == .noVariance && arm.unitVariance(scaledBy: arm.scaleExponent) == 0 ? nil : arm.limitation
        }
        if let worst = own.reduce(nil, { MetricComparisonLimitation.worst($0, $1) }) { return worst }
        if treatment.count < 2 || control.count < 2 { return .noVariance }
        return treatment.unitVariance(scaledBy: treatment.scaleExponent) > 0 || control.unitVariance(scaledBy: control.scaleExponent) > 0
            ? nil : .noVariance
    }
}
