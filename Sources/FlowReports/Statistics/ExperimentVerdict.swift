/// Words the one-line verdict of an experiment, in the decision terms of GrowthBook's results: ship, keep control,
/// or keep running to the planned sample size.
///
/// A failed health check (a sample-ratio mismatch, too many users exposed to more than one variant) overrides
/// everything: the verdict is "do not trust this result:" and what failed, each with its fix. Otherwise each treatment gets a clause, joined by "; ":
/// significant and better → "ship it" (only the best of several winners), significant and worse → "keep control".
/// Not significant: with a planned effect (the configured minimum detectable effect), "keep running to the planned
/// … users per arm" until the arms reach the planned size, then "no winner at the planned sample size: keep control";
/// without one, "no significant difference" with the smallest difference the test can detect at the current size.
/// The verdict never asks for more users to chase the observed difference, which would invite waiting on noise.
/// With several treatments the p-values quoted are Holm-adjusted.
enum ExperimentVerdict {
    static func wording(
        control: String, comparisons: [TreatmentComparison], sampleRatio: SampleRatioCheck?, alpha: Double,
        power: Double, plannedEffect: Double? = nil, multipleExposures: MultipleExposureCheck? = nil
    ) -> String {
        let problems = healthProblems(sampleRatio: sampleRatio, multipleExposures: multipleExposures, alpha: alpha)
        if !problems.isEmpty {
            return "do not trust this result: " + problems.joined(separator: "; ")
        }
        guard !comparisons.isEmpty else { return "no treatment to compare with \(control)" }
        if let controlCounts = comparisons.first?.controlCounts, controlCounts.users == 0 {
            return "not enough data yet: \(control) has no users"
        }
        let label = comparisons.count > 1 ? "Holm-adjusted p" : "p"
        let winners = comparisons.filter { $0.isSignificant && $0.absoluteDifference > 0 }
        let best = winners.max { $0.absoluteDifference < $1.absoluteDifference }
        return comparisons.map { comparison in
            clause(for: comparison, best: best, label: label, alpha: alpha, power: power, plannedEffect: plannedEffect)
        }.joined(separator: "; ")
    }

    private static func clause(
        for comparison: TreatmentComparison, best: TreatmentComparison?, label: String, alpha: Double, power: Double,
        plannedEffect: Double?
    ) -> String {
        let name = comparison.variant
        let control = comparison.control
        guard comparison.treatmentCounts.users > 0 else { return "not enough data yet: \(name) has no users" }
        let difference = comparison.absoluteDifference
        // The interval is printed at the precision of the estimate, so "-0.07 pp (… -0.2 to 0.08 pp)" cannot happen.
        let decimals = StatisticsFormatting.percentagePointDecimals(difference)
        let interval = "\(StatisticsFormatting.confidenceLevel(alpha: alpha)) CI "
            + "\(StatisticsFormatting.signedPercentagePoints(comparison.absoluteInterval.lower, decimals: decimals)) to "
            + "\(StatisticsFormatting.signedPercentagePoints(comparison.absoluteInterval.upper, decimals: decimals)) pp"
        let pValue = StatisticsFormatting.pValue(comparison.adjustedPValue, alpha: alpha, label: label)
        let magnitude = StatisticsFormatting.percentagePoints(difference)
        if comparison.isSignificant, difference > 0 {
            let action = best?.variant == name ? shipIt : "beats \(control), but \(best?.variant ?? name) converts better"
            return "\(name) converts \(magnitude) pp better than \(control) (\(interval)), \(pValue): \(action)"
        }
        if comparison.isSignificant, difference < 0 {
            return "\(name) converts \(magnitude) pp worse than \(control) (\(interval)), \(pValue): keep control"
        }
        let signed = (difference > 0 ? "+" : "") + StatisticsFormatting.signedPercentagePoints(difference)
        let details = "\(signed) pp, \(interval), \(pValue)"
        if let plannedEffect, let planned = plannedUsersPerArm(comparison, effect: plannedEffect, alpha: alpha, power: power) {
            let current = min(comparison.controlCounts.users, comparison.treatmentCounts.users)
            let goal = "\(ReportNumberFormat.count(planned)) users per arm planned to detect "
                + "\(StatisticsFormatting.percentagePoints(plannedEffect)) pp"
            if current < planned {
                return "keep running to the planned sample size: \(ReportNumberFormat.count(current)) of \(goal) "
                    + "(\(name) vs \(control): \(details))"
            }
            return "no winner at the planned sample size (\(goal)): keep control (\(name) vs \(control): \(details))"
        }
        let detectable = comparison.minimumDetectableEffect.map {
            ": the test would detect \(StatisticsFormatting.percentagePoints($0)) pp or more with "
                + "\(StatisticsFormatting.percentage(power * 100)) power"
        } ?? ""
        return "no significant difference between \(name) and \(control) (\(details))\(detectable)"
    }

    /// The action of the treatment that wins on conversion.
    private static let shipIt = "ship it"

    /// `verdict` once the metrics are compared: a winner on conversion that made a guardrail significantly worse in
    /// `variantsWorseOnGuardrails` is not shipped. A guardrail is a metric the team said must not get worse, so it
    /// outweighs the conversion: the verdict says so where it would have said "ship it", and the guardrail's own
    /// clause, added after, says which got worse.
    static func withGuardrails(_ verdict: String, winner: String?, variantsWorseOnGuardrails: Set<String>) -> String {
        guard let winner, variantsWorseOnGuardrails.contains(winner), let range = verdict.firstRange(of: ": \(shipIt)") else { return verdict }
        var vetoed = verdict
        vetoed.replaceSubrange(range, with: ": do not ship, a guardrail got worse")
        return vetoed
    }

    /// Users per arm needed to detect `effect` from control's rate with the target power, rounded up.
    private static func plannedUsersPerArm(
        _ comparison: TreatmentComparison, effect: Double, alpha: Double, power: Double
    ) -> Int? {
        let controlRate = comparison.controlCounts.rate
        guard effect > 0, effect < 1 else { return nil }
        let target = controlRate + effect <= 1 ? controlRate + effect : controlRate - effect
        guard let users = PowerAnalysis.requiredControlUsers(
            controlRate: controlRate, treatmentRate: target, controlUsers: 1, treatmentUsers: 1, alpha: alpha, power: power
        ) else { return nil }
        let rounded = users.rounded(.up)
        return rounded.isFinite && rounded < 9.2e18 ? Int(rounded) : nil
    }

    /// What each failed health check says, with its fix, in the order the report's health section lists them.
    static func healthProblems(
        sampleRatio: SampleRatioCheck?, multipleExposures: MultipleExposureCheck?, alpha: Double
    ) -> [String] {
        var problems: [String] = []
        if let sampleRatio, sampleRatio.isMismatch {
            problems.append(sampleRatioMismatch(sampleRatio, alpha: alpha))
        }
        if let multipleExposures, multipleExposures.isFlagged {
            problems.append(multipleExposureProblem(multipleExposures))
        }
        return problems
    }

    private static func multipleExposureProblem(_ check: MultipleExposureCheck) -> String {
        "\(ReportNumberFormat.count(check.users)) users (\(StatisticsFormatting.percentage(check.share * 100)) of those exposed) "
            + "saw more than one variant, at least the \(StatisticsFormatting.percentage(check.threshold * 100)) a sound assignment allows; "
            + "keep each user's variant for good (one user id across sessions and devices, sticky buckets) before trusting any result"
    }

    private static func sampleRatioMismatch(_ check: SampleRatioCheck, alpha: Double) -> String {
        let observed = check.observed.map(ReportNumberFormat.count).joined(separator: " / ")
        let weightTotal = check.expectedWeights.reduce(0, +)
        let split = check.expectedWeights
            .map { StatisticsFormatting.percentage(weightTotal > 0 ? $0 / weightTotal * 100 : 0) }
            .joined(separator: " / ")
        let pValue = StatisticsFormatting.pValue(check.pValue, alpha: alpha)
        return "sample ratio mismatch: users per arm \(observed) do not fit the configured \(split) split "
            + "(chi-square \(pValue)); fix assignment before trusting any result"
    }
}
