extension ReportBuilder {
    /// Compares each treatment's step times with control's (``StepTimeComparison``), correcting the p-values of every
    /// step's median and mean of every treatment together, so that the chance of flagging any step-time difference
    /// when there is none stays at alpha under Holm's correction (and the false discovery rate at alpha under
    /// Benjamini–Hochberg's).
    static func addStepTimes(
        to report: inout ExperimentReport, arms: [ArmReport], tally: @escaping (String) -> ArmTally?,
        correction: MultipleComparisonCorrection, settings: ComparisonSettings
    ) {
        guard let control = arms.first, arms.count > 1 else { return }
        let steps = control.steps.map(\.name)
        // A variant nobody was counted in has no tally, and no gaps to compare; counts from an older query have no gaps at all.
        // Each arm's samples are made once: each sorts its step's gaps.
        var samples: [String: [(users: Int, sample: StepGapSample)]?] = [:]
        for arm in arms where samples[arm.variant] == nil {
            samples[arm.variant] = tally(arm.variant).map(\.stepGapSamples) ?? Array(repeating: (0, StepGapSample(gaps: [])), count: steps.count)
        }
        let gaps = { (variant: String) in samples[variant] ?? nil }
        guard let controlGaps = gaps(control.variant), arms.allSatisfy({ gaps($0.variant) != nil }) else {
            report.stepTimes = arms.dropFirst().map { arm in
                StepTimesReport(
                    variant: arm.variant, control: control.variant, unavailable: "unavailable_from_counts",
                    reason: "step times unavailable from counts: the counts have no step_gap rows (a query from an older "
                        + "switchyard); run the query `switchyard sql` writes now, or report on the logs, to compare step times",
                    correction: correction
                )
            }
            return
        }
        let controlSamples = controlGaps.map(\.sample)
        var compared: [(variant: String, gaps: [(users: Int, sample: StepGapSample)], comparisons: [StepTimeComparison])] = []
        for arm in arms.dropFirst() where arm.steps.map(\.name) == steps {
            guard let gaps = gaps(arm.variant) else { continue }
            let comparisons = StepTimeComparison.compare(
                treatment: gaps.map(\.sample), control: controlSamples, settings: settings, correction: correction
            )
            compared.append((arm.variant, gaps, comparisons))
        }
        let pValues = compared.flatMap { $0.comparisons.flatMap { [$0.median.pValue, $0.mean.pValue] } }
        var adjusted = correction.adjust(pValues)[...]
        let alpha = settings.effectiveAlpha
        var byVariant: [String: StepTimesReport] = [:]
        for (variant, gaps, comparisons) in compared {
            let reports = comparisons.enumerated().map { index, comparison in
                var comparison = comparison
                comparison.medianAdjustedPValue = adjusted.removeFirst()
                comparison.meanAdjustedPValue = adjusted.removeFirst()
                comparison.isMedianFound = comparison.median.absolute?.pValue != nil && comparison.medianAdjustedPValue < alpha
                comparison.isMeanFound = comparison.mean.absolute?.pValue != nil && comparison.meanAdjustedPValue < alpha
                return StepTimeReport(
                    index: index + 1, step: steps.indices.contains(index) ? steps[index] : "",
                    treatmentUsers: gaps.indices.contains(index) ? gaps[index].users : 0,
                    controlUsers: controlGaps.indices.contains(index) ? controlGaps[index].users : 0,
                    comparison: comparison
                )
            }
            byVariant[variant] = StepTimesReport(variant: variant, control: control.variant, correction: correction, steps: reports)
        }
        report.stepTimes = arms.dropFirst().map { arm in
            byVariant[arm.variant] ?? StepTimesReport(
                variant: arm.variant, control: control.variant, unavailable: "steps_differ",
                reason: "its steps are not control's (each arm's steps were discovered from its own screens); "
                    + "configure the funnel's steps to compare step times",
                correction: correction
            )
        }
    }
}
