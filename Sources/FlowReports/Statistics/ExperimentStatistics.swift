/// Entry point of the experiment statistics.
public enum ExperimentStatistics {
    /// Compares each treatment with control, applying Holm's correction across treatments, checks the sample ratio
    /// against `weights` (ordered control first, then treatments; nil skips the check), checks the share of users
    /// exposed to more than one variant when `multipleExposureUsers` is given (users left out of `control` and
    /// `treatments`), and words a verdict, which a failed check turns into "do not trust this result".
    ///
    /// Per treatment: Newcombe interval of pT − pC (``AbsoluteDifference``), log-scale uplift interval (``RelativeUplift``),
    /// pooled z-test (`PooledZTest`) with Holm adjustment (`HolmCorrection`), chance to beat control
    /// (`ChanceToBeatControl`) and power (`PowerAnalysis`). Counts are sanitized first; alpha and power are
    /// clamped into (0, 1) (``ComparisonSettings/effectiveAlpha``).
    public static func analyze(
        control: (name: String, counts: ArmCounts),
        treatments: [(name: String, counts: ArmCounts)],
        weights: [Double]?,
        settings: ComparisonSettings,
        multipleExposureUsers: Int? = nil
    ) -> ExperimentAnalysis {
        let alpha = settings.effectiveAlpha
        let power = settings.effectivePower
        let controlCounts = control.counts.sanitized
        let tests = treatments.map { PooledZTest(treatment: $0.counts, control: controlCounts) }
        let sequential = settings.method.tuningUsers.map { tuning in
            let sequence = AsymptoticConfidenceSequence(alpha: alpha, tuningUsers: tuning)
            return treatments.map {
                SequentialDifference(treatment: $0.counts.sanitized, control: controlCounts, sequence: sequence)
            }
        }
        let adjusted = HolmCorrection.adjust(sequential?.map(\.pValue) ?? tests.map(\.pValue))
        let comparisons = treatments.indices.map { index in
            var comparison = compare(
                treatment: (treatments[index].name, treatments[index].counts.sanitized),
                control: (control.name, controlCounts),
                test: tests[index], adjustedPValue: adjusted[index], alpha: alpha, power: power
            )
            if let difference = sequential?[index] {
                comparison.absoluteInterval = difference.interval
                comparison.pValue = difference.pValue
                comparison.relativeInterval = comparison.relativeUplift == nil ? nil : difference.relativeInterval
                comparison.significanceBasis = .absoluteDifferenceConfidenceSequence
            }
            return comparison
        }
        let sampleRatio = weights.map { weights in
            SampleRatioCheck.test(
                observed: [controlCounts.users] + comparisons.map(\.treatmentCounts.users), weights: weights,
                variants: [control.name] + treatments.map(\.name)
            )
        }
        let multipleExposures = multipleExposureUsers.map { users in
            let analyzed = ([controlCounts.users] + comparisons.map(\.treatmentCounts.users)).reduce(0) { total, arm in
                let (sum, overflow) = total.addingReportingOverflow(arm)
                return overflow ? Int.max : sum
            }
            return MultipleExposureCheck.test(multipleExposureUsers: users, analyzedUsers: analyzed)
        }
        let verdict = ExperimentVerdict.wording(
            control: control.name, comparisons: comparisons, sampleRatio: sampleRatio, alpha: alpha, power: power,
            plannedEffect: settings.plannedEffect, multipleExposures: multipleExposures
        )
        return ExperimentAnalysis(
            control: control.name, comparisons: comparisons, sampleRatio: sampleRatio, alpha: alpha, verdict: verdict,
            method: settings.method, multipleExposures: multipleExposures
        )
    }

    private static func compare(
        treatment: (name: String, counts: ArmCounts), control: (name: String, counts: ArmCounts),
        test: PooledZTest, adjustedPValue: Double, alpha: Double, power: Double
    ) -> TreatmentComparison {
        let difference = AbsoluteDifference(treatment: treatment.counts, control: control.counts, alpha: alpha)
        let uplift = RelativeUplift(treatment: treatment.counts, control: control.counts, alpha: alpha)
        let needed = PowerAnalysis.requiredControlUsers(
            controlRate: control.counts.rate, treatmentRate: treatment.counts.rate,
            controlUsers: control.counts.users, treatmentUsers: treatment.counts.users, alpha: alpha, power: power
        )
        return TreatmentComparison(
            variant: treatment.name, control: control.name,
            treatmentCounts: treatment.counts, controlCounts: control.counts,
            absoluteDifference: difference.estimate, absoluteInterval: difference.interval,
            relativeUplift: uplift?.estimate, relativeInterval: uplift?.interval ?? nil,
            zScore: test.zScore, pValue: test.pValue, adjustedPValue: adjustedPValue,
            chanceToBeatControl: treatment.counts.users > 0 && control.counts.users > 0
                ? ChanceToBeatControl.probability(treatment: treatment.counts, control: control.counts) : nil,
            minimumDetectableEffect: PowerAnalysis.minimumDetectableEffect(
                controlRate: control.counts.rate, controlUsers: control.counts.users,
                treatmentUsers: treatment.counts.users, alpha: alpha, power: power
            ),
            usersNeededPerArm: needed.flatMap(roundedUpCount),
            isSignificant: adjustedPValue < alpha
        )
    }

    /// ⌈value⌉ as an Int; nil when it does not fit.
    private static func roundedUpCount(_ value: Double) -> Int? {
        let rounded = value.rounded(.up)
        guard rounded.isFinite, rounded < 9.2e18 else { return nil }
        return Int(rounded)
    }
}
