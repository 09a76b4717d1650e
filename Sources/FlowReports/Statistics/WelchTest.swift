/// Welch's unequal-variance t-test of a difference of means, with its confidence interval.
package struct WelchTest: Sendable, Hashable {
    /// Treatment mean − control mean.
    package var difference: Double
    /// The (1 − alpha) interval of the difference, from Student's t with Welch–Satterthwaite degrees of freedom.
    package var interval: ConfidenceInterval
    /// The t statistic; 0 when undefined.
    package var t: Double
    /// Welch–Satterthwaite degrees of freedom.
    package var degreesOfFreedom: Double
    /// Two-sided p-value, matching `scipy.stats.ttest_ind(treatment, control, equal_var=False)`.
    package var pValue: Double

    /// Tests the means of `treatment` and `control`, each summarised by its count, mean and sample variance
    /// (denominator n − 1).
    ///
    /// With fewer than 2 values in an arm there is no variance: p = 1 and the interval spans every value.
    /// With no variance in either arm the difference is certain: p = 0 for a difference, 1 for none.
    package init(treatment: SampleSummary, control: SampleSummary, alpha: Double) {
        difference = treatment.mean - control.mean
        guard treatment.count >= 2, control.count >= 2 else {
            interval = ConfidenceInterval(lower: -.infinity, upper: .infinity)
            t = 0
            degreesOfFreedom = 0
            pValue = 1
            return
        }
        let treatmentShare = treatment.variance / Double(treatment.count)
        let controlShare = control.variance / Double(control.count)
        let squaredError = treatmentShare + controlShare
        guard squaredError > 0 else {
            interval = ConfidenceInterval(lower: difference, upper: difference)
            t = 0
            degreesOfFreedom = Double(treatment.count + control.count - 2)
            pValue = difference == 0 ? 1 : 0
            return
        }
        degreesOfFreedom = squaredError * squaredError / (
            treatmentShare * treatmentShare / Double(treatment.count - 1) + controlShare * controlShare / Double(control.count - 1)
        )
        let standardError = squaredError.squareRoot()
        t = difference / standardError
        pValue = StudentTDistribution.twoSidedSurvival(t, degreesOfFreedom: degreesOfFreedom)
        let alpha = ComparisonSettings(alpha: alpha).effectiveAlpha
        let critical = StudentTDistribution.twoSidedCriticalValue(alpha, degreesOfFreedom: degreesOfFreedom)
        interval = ConfidenceInterval(lower: difference - critical * standardError, upper: difference + critical * standardError)
    }
}
