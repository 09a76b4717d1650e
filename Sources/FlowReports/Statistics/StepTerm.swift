import Foundation

/// One factor of a treatment's conversion relative to control's: the ratio of the two arms' rates at one step of the
/// funnel (or at the goal, after the last step), with its interval, p-value and share of the difference in conversion.
///
/// The terms of a ``StepDecomposition`` multiply to the ratio of the conversion rates and their ``contribution``s add up
/// to the difference. A term is an accounting of where the difference arises, not the effect of a screen: the users
/// who reach a step under one flow are not the same people as under the other.
public struct StepTerm: Sendable, Hashable {
    /// Fewer passes or failures than this in an arm put a term ``StepTermReading/nearBoundary``, where the delta
    /// method's interval loses its coverage and Koopman's score interval is used instead.
    public static let minimumCountForDeltaMethod = 10

    /// 1…K for the funnel's steps, K + 1 for the goal.
    public var index: Int
    /// Whether this is the goal's term (after the last step).
    public var isGoal: Bool
    /// Treatment's counts at this step.
    public var treatment: StepArmPassage
    /// Control's counts at this step.
    public var control: StepArmPassage
    /// What the counts allow the term to say.
    public var reading: StepTermReading
    /// How the interval and p-value are computed; nil for a term that is not tested (structural, without users, or
    /// the end of a goal that is not nested).
    public var method: StepTermMethod?
    /// rT / rC: exactly 1 for a structural term, 0 when treatment's chain ends here; nil when undefined (a rate
    /// without users, both rates 0) or unbounded (control's chain ends here).
    public var ratio: Double?
    /// ln(rT / rC); nil without a positive ``ratio``.
    public var logRatio: Double?
    /// The delta-method variance of ``logRatio`` (the diagonal of ``StepDecomposition/termLogCovariance``); nil
    /// without a log ratio, 0 for a structural term.
    public var logVariance: Double?
    /// The (1 − alpha) interval of the ratio by ``method``; nil for a term that is not tested.
    public var interval: StepRatioInterval?
    /// The two-sided p-value of a ratio of 1; nil for a term that is not tested.
    public var pValue: Double?
    /// ``pValue`` adjusted across the tested terms (of every treatment decomposed together) by the correction.
    public var adjustedPValue: Double?
    /// The interval widened to show the correction: it excludes 1 exactly when ``adjustedPValue`` < alpha (see
    /// ``StepDecomposition``); nil for a term that is not tested.
    public var adjustedInterval: StepRatioInterval?
    /// This term's share of pT − pC, in rate units (0.012 is 1.2 percentage points); the shares add up to pT − pC.
    /// 0 for terms without a log ratio, except the term where an arm's chain ends when the other's does not, which
    /// carries all of pT − pC.
    public var contribution: Double
    /// Whether the term is found to differ: tested, with ``adjustedPValue`` < alpha.
    public var isFound: Bool
    /// The test statistic the adjusted interval is widened from: |ln ratio| / standard error, or the pooled z.
    var statistic: Double?

    /// Whether the term is a test, and so one of the family the correction adjusts over.
    public var isTested: Bool {
        method != nil
    }

    /// The term's interval at critical value `z`, by its method; nil for a term that is not tested.
    func interval(criticalValue z: Double) -> StepRatioInterval? {
        switch method {
        case .deltaLog:
            guard let logRatio, let logVariance else { return nil }
            let halfWidth = z * logVariance.squareRoot()
            let upper = exp(logRatio + halfWidth)
            return StepRatioInterval(lower: exp(logRatio - halfWidth), upper: upper.isFinite ? upper : nil)
        case .score:
            return RateRatioScoreInterval.interval(treatment: treatment, control: control, criticalValue: z)
        case nil:
            return nil
        }
    }

    /// Tests the term by `method` at critical value `z`: its interval, statistic and raw p-value.
    mutating func test(by method: StepTermMethod, criticalValue z: Double) {
        self.method = method
        switch method {
        case .deltaLog:
            let statistic = abs(logRatio ?? 0) / (logVariance ?? 0).squareRoot()
            self.statistic = statistic
            pValue = min(1, 2 * NormalDistribution.survival(statistic))
        case .score:
            let test = PooledZTest(
                treatment: ArmCounts(users: treatment.reached, conversions: treatment.passed),
                control: ArmCounts(users: control.reached, conversions: control.passed)
            )
            statistic = abs(test.zScore)
            pValue = test.pValue
        }
        interval = interval(criticalValue: z)
    }
}
