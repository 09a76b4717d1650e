import Foundation

/// Where in the funnel a treatment's conversion differs from control's: its ratio of conversion rates split into one
/// term per step and one for the goal (docs/Statistics.md, "Where in the flow: the step decomposition").
///
/// With `r_k = n_k / n_{k−1}` the rate of step k (`n_0` the exposed users) and the goal's rate `g / n_K`, an arm's
/// conversion `p = g / n_0` is the product of its K + 1 rates, so `ln(pT/pC) = Σ_k ln(r_k,T / r_k,C)` exactly. Each
/// term is a ``StepTerm``: the ratio of the arms' rates with an interval (the delta method on the log scale, or
/// Koopman's score interval near a rate of 0 or 1), a p-value, the same p-value adjusted across every tested term by
/// the correction, and its share of `pT − pC` (the log-mean Divisia allocation: `L(pT, pC) · ln(ratio)`).
///
/// The terms' log variances come from the multinomial delta method over how far each user got and whether they
/// converted (``termLogCovariance``): for a nested goal they are uncorrelated and add up to the end-to-end
/// ``logRatioVariance``; for a goal users reach without the last step only the whole matrix adds up to it.
///
/// Terms that cannot be tested (structural ones, steps without users) are outside the correction's family. Intervals
/// and p-values are fixed-horizon (read once, at the planned sample size).
public struct StepDecomposition: Sendable, Hashable {
    /// The treatment's name.
    public var variant: String
    /// Control's name.
    public var control: String
    /// Why the difference is not decomposed; nil when it is.
    public var refusal: StepDecompositionRefusal?
    /// The K step terms, then the goal's; empty when refused.
    public var terms: [StepTerm]
    /// Treatment's conversion rate g / n_0; nil when refused.
    public var treatmentRate: Double?
    /// Control's conversion rate; nil when refused.
    public var controlRate: Double?
    /// pT − pC, which the terms' contributions add up to; nil when refused.
    public var difference: Double?
    /// pT / pC, which the terms' ratios multiply to; nil when refused or pC = 0.
    public var ratio: Double?
    /// The delta-method variance of ln(pT / pC), `1/gT − 1/nT + 1/gC − 1/nC`; nil when refused or an arm has no
    /// conversions.
    public var logRatioVariance: Double?
    /// The covariance of the terms' log ratios (both arms' added), in term order; rows and columns of terms without a
    /// log ratio are 0. Its entries add up to ``logRatioVariance`` when every term has a log ratio.
    public var termLogCovariance: [[Double]]
    /// Whether every converted user of both arms reached the last step.
    public var isGoalNested: Bool
    /// The significance level the intervals are at (1 − alpha) and terms are found at.
    public var alpha: Double
    /// The correction across tested terms.
    public var correction: MultipleComparisonCorrection

    /// Decomposes one treatment against control, correcting across its tested terms.
    public init(
        treatment: (name: String, progress: FunnelArmProgress), control: (name: String, progress: FunnelArmProgress),
        alpha: Double = 0.05, correction: MultipleComparisonCorrection = .holm
    ) {
        self = Self.decompose(control: control, treatments: [treatment], alpha: alpha, correction: correction)[0]
    }

    /// Decomposes each treatment against control, correcting across the tested terms of every treatment together (as
    /// the metrics are corrected across metrics × treatments). `alpha` is clamped like
    /// ``ComparisonSettings/effectiveAlpha``.
    public static func decompose(
        control: (name: String, progress: FunnelArmProgress), treatments: [(name: String, progress: FunnelArmProgress)],
        alpha: Double = 0.05, correction: MultipleComparisonCorrection = .holm
    ) -> [StepDecomposition] {
        let alpha = ComparisonSettings(alpha: alpha).effectiveAlpha
        let z = -NormalDistribution.quantile(alpha / 2)
        var decompositions = treatments.map { treatment in
            StepDecomposition(
                variant: treatment.name, control: control.name, treatment: treatment.progress, control: control.progress,
                alpha: alpha, correction: correction, criticalValue: z
            )
        }
        let family = decompositions.indices.flatMap { decomposition in
            decompositions[decomposition].terms.indices.compactMap { term in
                decompositions[decomposition].terms[term].pValue.map { (decomposition, term, $0) }
            }
        }
        let adjusted = correction.adjust(family.map(\.2))
        for (position, member) in family.enumerated() {
            var term = decompositions[member.0].terms[member.1]
            term.adjustedPValue = adjusted[position]
            term.isFound = adjusted[position] < alpha
            term.adjustedInterval = CorrectedCriticalValue.value(
                z: z, statistic: term.statistic ?? 0, adjustedPValue: adjusted[position]
            ).map { term.interval(criticalValue: $0) } ?? StepRatioInterval(lower: 0, upper: nil)
            decompositions[member.0].terms[member.1] = term
        }
        return decompositions
    }

    /// The raw decomposition: terms with their p-values, before the correction.
    private init(
        variant: String, control controlName: String, treatment: FunnelArmProgress, control: FunnelArmProgress,
        alpha: Double, correction: MultipleComparisonCorrection, criticalValue z: Double
    ) {
        self.variant = variant
        self.control = controlName
        self.alpha = alpha
        self.correction = correction
        terms = []
        termLogCovariance = []
        isGoalNested = false
        if let refusal = Self.refusal(treatment: treatment, control: control) {
            self.refusal = refusal
            return
        }
        refusal = nil
        isGoalNested = treatment.isGoalNested && control.isGoalNested
        let treatmentRate = Double(treatment.conversions) / Double(treatment.users)
        let controlRate = Double(control.conversions) / Double(control.users)
        self.treatmentRate = treatmentRate
        self.controlRate = controlRate
        difference = treatmentRate - controlRate
        ratio = controlRate > 0 ? treatmentRate / controlRate : nil
        if treatment.conversions > 0, control.conversions > 0 {
            logRatioVariance = 1 / Double(treatment.conversions) - 1 / Double(treatment.users)
                + 1 / Double(control.conversions) - 1 / Double(control.users)
        }

        let treatmentCovariance = StepLogCovariance.matrix(of: treatment)
        let controlCovariance = StepLogCovariance.matrix(of: control)
        let treatmentPassages = treatment.termPassages
        let controlPassages = control.termPassages
        let goalIndex = treatmentPassages.count - 1
        terms = treatmentPassages.indices.map { index in
            let isGoal = index == goalIndex
            return Self.term(
                index: index + 1, isGoal: isGoal, treatment: treatmentPassages[index], control: controlPassages[index],
                isRate: (treatment: !isGoal || treatment.isGoalNested, control: !isGoal || control.isGoalNested),
                isBinomial: !isGoal || isGoalNested,
                logVariance: treatmentCovariance[index][index] + controlCovariance[index][index], criticalValue: z
            )
        }
        termLogCovariance = terms.indices.map { row in
            terms.indices.map { column in
                terms[row].logRatio == nil || terms[column].logRatio == nil
                    ? 0 : treatmentCovariance[row][column] + controlCovariance[row][column]
            }
        }
        allocate(treatmentRate: treatmentRate, controlRate: controlRate)
    }

    /// Why the arms cannot be decomposed, checked in this order: invalid counts, funnels of different lengths, an empty
    /// arm, users converted without a step nobody reached.
    private static func refusal(treatment: FunnelArmProgress, control: FunnelArmProgress) -> StepDecompositionRefusal? {
        for (arm, progress) in [(FunnelArm.treatment, treatment), (.control, control)] {
            if let problem = progress.problem { return .invalidCounts(arm, problem) }
        }
        guard treatment.stepCount == control.stepCount else {
            return .stepCountsDiffer(treatment: treatment.stepCount, control: control.stepCount)
        }
        for (arm, progress) in [(FunnelArm.treatment, treatment), (.control, control)] {
            if progress.users == 0 { return .emptyArm(arm) }
        }
        for (arm, progress) in [(FunnelArm.treatment, treatment), (.control, control)] where progress.conversions > 0 {
            let passages = progress.termPassages.dropLast()
            if let empty = passages.firstIndex(where: { $0.passed == 0 }) {
                return .convertedWithoutReachingStep(arm, step: empty + 1)
            }
        }
        return nil
    }

    /// One term, read from its counts: the first reading that applies of not reached, structural, nobody through or a
    /// chain's end, near the boundary, measured.
    private static func term(
        index: Int, isGoal: Bool, treatment: StepArmPassage, control: StepArmPassage,
        isRate: (treatment: Bool, control: Bool), isBinomial: Bool, logVariance: Double, criticalValue z: Double
    ) -> StepTerm {
        var term = StepTerm(
            index: index, isGoal: isGoal, treatment: treatment, control: control, reading: .measured, method: nil,
            ratio: nil, logRatio: nil, logVariance: nil, interval: nil, pValue: nil, adjustedPValue: nil,
            adjustedInterval: nil, contribution: 0, isFound: false, statistic: nil
        )
        // A goal users reach without the last step is no rate: passing every user there is not structural.
        let allPass = (
            treatment: isRate.treatment && treatment.passed == treatment.reached,
            control: isRate.control && control.passed == control.reached
        )
        if treatment.reached == 0 || control.reached == 0 {
            term.reading = treatment.reached > 0 ? .notReachedInControl
                : control.reached > 0 ? .notReachedInTreatment : .notReachedInEither
            return term
        }
        if allPass.treatment && allPass.control {
            term.reading = .structural
            term.ratio = 1
            term.logRatio = 0
            term.logVariance = 0
            return term
        }
        if treatment.passed == 0 || control.passed == 0 {
            term.reading = treatment.passed > 0 ? .endsInControl : control.passed > 0 ? .endsInTreatment : .nobodyPasses
            if term.reading == .endsInTreatment { term.ratio = 0 }
            if term.reading != .nobodyPasses, isBinomial { term.test(by: .score, criticalValue: z) }
            return term
        }
        let treatmentRate = Double(treatment.passed) / Double(treatment.reached)
        let controlRate = Double(control.passed) / Double(control.reached)
        term.ratio = treatmentRate / controlRate
        term.logRatio = log(treatmentRate) - log(controlRate)
        term.logVariance = logVariance
        let fewest = min(treatment.passed, treatment.reached - treatment.passed, control.passed, control.reached - control.passed)
        if isBinomial, fewest < StepTerm.minimumCountForDeltaMethod {
            term.reading = .nearBoundary
            term.test(by: .score, criticalValue: z)
        } else {
            term.reading = .measured
            if logVariance > 0, logVariance.isFinite { term.test(by: .deltaLog, criticalValue: z) }
        }
        return term
    }

    /// Shares pT − pC out over the terms: `L(pT, pC) · ln(ratio)` each when both arms convert (they add up to pT − pC
    /// because the log ratios add up to ln(pT/pC)); when only one arm converts, all of it to the term where the other
    /// arm's chain ends (the limit of those shares as that arm's rate there goes to 0); nothing when neither does.
    private mutating func allocate(treatmentRate: Double, controlRate: Double) {
        let difference = treatmentRate - controlRate
        if treatmentRate > 0, controlRate > 0 {
            let mean = LogarithmicMean.of(treatmentRate, controlRate)
            for index in terms.indices { terms[index].contribution = mean * (terms[index].logRatio ?? 0) }
        } else if treatmentRate > 0 || controlRate > 0 {
            let ending: StepTermReading = treatmentRate > 0 ? .endsInControl : .endsInTreatment
            if let index = terms.firstIndex(where: { $0.reading == ending }) { terms[index].contribution = difference }
        }
    }
}
