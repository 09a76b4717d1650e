/// Guardrail and secondary metrics of every treatment against control, corrected across metrics × treatments.
enum MetricComparisons {
    /// Compares each metric of each treatment with control by Welch's test, then adjusts every p-value together.
    ///
    /// - Parameters:
    ///   - metrics: each metric with whether it is a guardrail, in report order.
    ///   - control: control's name and each user's value of every metric.
    ///   - treatments: the same for each treatment.
    static func compare(
        metrics: [(metric: GuardrailMetric, isGuardrail: Bool)],
        control: (name: String, values: [GuardrailMetric: [Double]]),
        treatments: [(name: String, values: [GuardrailMetric: [Double]])],
        correction: MultipleComparisonCorrection, alpha: Double
    ) -> [MetricComparisonReport] {
        var reports: [MetricComparisonReport] = []
        for (metric, isGuardrail) in metrics {
            let controlValues = control.values[metric] ?? []
            let controlSummary = SampleSummary(controlValues)
            for treatment in treatments {
                let treatmentValues = treatment.values[metric] ?? []
                let test = WelchTest(treatment: SampleSummary(treatmentValues), control: controlSummary, alpha: alpha)
                let hasInterval = test.interval.lower.isFinite && test.interval.upper.isFinite
                reports.append(MetricComparisonReport(
                    metric: metric, isGuardrail: isGuardrail, variant: treatment.name, control: control.name,
                    treatmentUsers: treatmentValues.count, controlUsers: controlValues.count,
                    treatmentMean: SampleSummary(treatmentValues).mean, controlMean: controlSummary.mean,
                    treatmentMedian: metric == .timeToComplete ? median(treatmentValues) : nil,
                    controlMedian: metric == .timeToComplete ? median(controlValues) : nil,
                    difference: test.difference, interval: hasInterval ? test.interval : nil,
                    pValue: test.pValue, adjustedPValue: test.pValue, isSignificant: false, isSignificantlyWorse: false
                ))
            }
        }
        let adjusted = correction.adjust(reports.map(\.pValue))
        for index in reports.indices {
            reports[index].adjustedPValue = adjusted[index]
            reports[index].isSignificant = adjusted[index] < alpha
            reports[index].isSignificantlyWorse = reports[index].isSignificant && reports[index].difference > 0
        }
        return reports
    }

    /// The words the verdict gains when a guardrail got significantly worse; nil when none did.
    static func guardrailWarning(_ reports: [MetricComparisonReport], alpha: Double) -> String? {
        let worse = reports.filter { $0.isGuardrail && $0.isSignificantlyWorse }
        guard !worse.isEmpty else { return nil }
        let parts = worse.map { report in
            "\(report.metric.rawValue) got significantly worse in \(report.variant) "
                + "(\(StatisticsFormatting.signed(report.difference)) \(report.metric.label), "
                + StatisticsFormatting.pValue(report.adjustedPValue, alpha: alpha, label: "adjusted p") + ")"
        }
        return "but guardrail " + parts.joined(separator: "; guardrail ")
    }

    private static func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        return sorted[(sorted.count + 1) / 2 - 1]
    }
}
