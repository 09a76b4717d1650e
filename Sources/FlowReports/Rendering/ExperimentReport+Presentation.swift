extension ExperimentReport {
    /// The comparison of each treatment with the control, by variant: built once per experiment, so that a
    /// renderer looking up every arm stays linear in the variants.
    var comparisonsByVariant: [String: ComparisonReport] {
        Dictionary(analysis.comparisons.map { ($0.variant, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The sample-ratio check when it flags a mismatch.
    var sampleRatioMismatch: SampleRatioReport? {
        guard let check = analysis.sampleRatio, check.isMismatch else { return nil }
        return check
    }

    /// One line describing how the funnel was measured, e.g. `goal flow_completed within 14d; steps: screens in order first seen`.
    var funnelDescription: String {
        let steps = stepsDiscovered ? "screens in order first seen" : "configured"
        return "goal \(goal) within \(ReportNumberFormat.window(seconds: conversionWindowSeconds)); steps: \(steps)"
    }
}

extension SampleRatioReport {
    /// The observed and expected split in words, e.g. `observed 120 / 80, expected 50.0% / 50.0%`.
    var splitDescription: String {
        let total = expectedWeights.reduce(0, +)
        let expected = expectedWeights.map { ReportNumberFormat.percent(total > 0 ? $0 / total : 0) }
        return "observed \(observed.map(ReportNumberFormat.count).joined(separator: " / ")), "
            + "expected \(expected.joined(separator: " / ")) (chi-square p \(ReportNumberFormat.pValue(pValue)))"
    }
}
