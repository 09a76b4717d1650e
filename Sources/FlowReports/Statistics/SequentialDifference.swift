import Foundation

/// pT − pC and pT / pC − 1 with always-valid intervals and p-value (`AsymptoticConfidenceSequence`).
struct SequentialDifference: Sendable, Hashable {
    /// pT − pC; 0 when either arm has no users.
    var estimate: Double
    /// The confidence sequence's interval for pT − pC, clamped to [−1, 1]; [−1, 1] when either arm has no users.
    var interval: ConfidenceInterval
    /// The always-valid p-value of pT − pC against 0.
    var pValue: Double
    /// The sequence's interval for pT / pC − 1 on the log scale; nil when either arm has no conversions.
    var relativeInterval: ConfidenceInterval?

    /// Compares the (sanitized) counts with the unpooled variance pT(1−pT)/nT + pC(1−pC)/nC over nT + nC users.
    ///
    /// When that variance is 0 (every rate 0 or 1), each rate in it is taken as (x + ½)/(n + 1), so the interval
    /// never collapses to a point.
    init(treatment: ArmCounts, control: ArmCounts, sequence: AsymptoticConfidenceSequence) {
        guard treatment.users > 0, control.users > 0 else {
            estimate = 0
            interval = ConfidenceInterval(lower: -1, upper: 1)
            pValue = 1
            relativeInterval = nil
            return
        }
        let users = treatment.users + control.users
        estimate = treatment.rate - control.rate
        var variance = Self.variance(treatment, rate: treatment.rate) + Self.variance(control, rate: control.rate)
        if variance <= 0 {
            variance = Self.variance(treatment, rate: Self.shrunkRate(treatment))
                + Self.variance(control, rate: Self.shrunkRate(control))
        }
        let halfWidth = sequence.halfWidth(variance: variance, users: users)
        interval = ConfidenceInterval(lower: max(-1, estimate - halfWidth), upper: min(1, estimate + halfWidth))
        pValue = sequence.pValue(estimate: estimate, variance: variance, users: users)
        if treatment.conversions > 0, control.conversions > 0 {
            let logRatio = log(treatment.rate / control.rate)
            let logVariance = 1 / Double(treatment.conversions) - 1 / Double(treatment.users)
                + 1 / Double(control.conversions) - 1 / Double(control.users)
            let logHalfWidth = sequence.halfWidth(variance: max(0, logVariance), users: users)
            relativeInterval = ConfidenceInterval(lower: exp(logRatio - logHalfWidth) - 1, upper: exp(logRatio + logHalfWidth) - 1)
        } else {
            relativeInterval = nil
        }
    }

    private static func variance(_ counts: ArmCounts, rate: Double) -> Double {
        rate * (1 - rate) / Double(counts.users)
    }

    private static func shrunkRate(_ counts: ArmCounts) -> Double {
        (Double(counts.conversions) + 0.5) / (Double(counts.users) + 1)
    }
}
