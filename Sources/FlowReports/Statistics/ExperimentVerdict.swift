/// Words the one-line verdict of an experiment.
///
/// A sample-ratio mismatch overrides everything. Otherwise each treatment gets a clause, joined by "; ":
/// significant and better → "ship it" (only the best of several winners), significant and worse → "keep control",
/// not significant while detecting the observed difference would take at most ``worthWaitingFactor`` times the
/// current control users → "not enough evidence yet" with the users still needed, otherwise "no significant
/// difference" with the smallest difference the test can currently detect. With several treatments the p-values
/// quoted are Holm-adjusted.
enum ExperimentVerdict {
    /// Up to this multiple of the current sample, collecting more users for the observed difference is worth it;
    /// beyond it the difference is too small to chase and the verdict reads "no significant difference".
    /// Required users grow as 1/h², so 25× means the observed difference is at least about a fifth of the
    /// smallest difference the test can detect today.
    static let worthWaitingFactor = 25.0


    static func wording(
        control: String, comparisons: [TreatmentComparison], sampleRatio: SampleRatioCheck?, alpha: Double,
        power: Double
    ) -> String {
        if let sampleRatio, sampleRatio.isMismatch {
            return sampleRatioMismatch(sampleRatio, alpha: alpha)
        }
        guard !comparisons.isEmpty else { return "no treatment to compare with \(control)" }
        if let controlCounts = comparisons.first?.controlCounts, controlCounts.users == 0 {
            return "not enough data yet: \(control) has no users"
        }
        let label = comparisons.count > 1 ? "Holm-adjusted p" : "p"
        let winners = comparisons.filter { $0.isSignificant && $0.absoluteDifference > 0 }
        let best = winners.max { $0.absoluteDifference < $1.absoluteDifference }
        return comparisons.map { comparison in
            clause(for: comparison, best: best, label: label, alpha: alpha, power: power, isOnly: comparisons.count == 1)
        }.joined(separator: "; ")
    }

    private static func clause(
        for comparison: TreatmentComparison, best: TreatmentComparison?, label: String, alpha: Double, power: Double,
        isOnly: Bool
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
            let action = best?.variant == name ? "ship it" : "beats \(control), but \(best?.variant ?? name) converts better"
            return "\(name) converts \(magnitude) pp better than \(control) (\(interval)), \(pValue): \(action)"
        }
        if comparison.isSignificant, difference < 0 {
            return "\(name) converts \(magnitude) pp worse than \(control) (\(interval)), \(pValue): keep control"
        }
        let signed = (difference > 0 ? "+" : "") + StatisticsFormatting.signedPercentagePoints(difference)
        let details = "\(signed) pp, \(interval), \(pValue)"
        let current = comparison.controlCounts.users
        if let needed = comparison.usersNeededPerArm, needed > current,
           Double(needed) <= worthWaitingFactor * Double(current) {
            let more = StatisticsFormatting.approximateCount(needed - current)
            let subject = isOnly ? "" : " for \(name)"
            return "not enough evidence yet\(subject): ~\(more) more users per arm needed to detect a \(magnitude) pp "
                + "difference (\(name) vs \(control): \(details))"
        }
        let detectable = comparison.minimumDetectableEffect.map {
            ": the test would detect \(StatisticsFormatting.percentagePoints($0)) pp or more with "
                + "\(StatisticsFormatting.percentage(power * 100)) power"
        } ?? ""
        return "no significant difference between \(name) and \(control) (\(details))\(detectable)"
    }

    private static func sampleRatioMismatch(_ check: SampleRatioCheck, alpha: Double) -> String {
        let observed = check.observed.map(StatisticsFormatting.groupedCount).joined(separator: " / ")
        let weightTotal = check.expectedWeights.reduce(0, +)
        let split = check.expectedWeights
            .map { StatisticsFormatting.percentage(weightTotal > 0 ? $0 / weightTotal * 100 : 0) }
            .joined(separator: " / ")
        let pValue = StatisticsFormatting.pValue(check.pValue, alpha: alpha)
        return "sample ratio mismatch: users per arm \(observed) do not fit the configured \(split) split "
            + "(chi-square \(pValue)); fix assignment before trusting any result"
    }
}
