extension ReportBuilder {
    /// Decomposes each treatment's difference in conversion step by step (``StepDecomposition``), correcting across
    /// the tested terms of every treatment, and names in the verdict the steps found to differ, in flow order.
    static func addStepDecompositions(
        to report: inout ExperimentReport, arms: [ArmReport], progress: (String) -> FunnelArmProgress?, goal: String,
        correction: MultipleComparisonCorrection, alpha: Double
    ) {
        guard let control = arms.first, arms.count > 1 else { return }
        let steps = control.steps.map(\.name)
        guard let controlProgress = progress(control.variant) else {
            report.stepDecompositions = arms.dropFirst().map { arm in
                StepDecompositionReport(
                    variant: arm.variant, control: control.variant, refusedFor: "counts_without_progress",
                    reason: "the counts have no converted_reaching_step rows (made by an older query), so they do not say how far "
                        + "converted users got; run the current `switchyard sql` query again, or report on the logs",
                    correction: correction
                )
            }
            return
        }
        let comparable = arms.dropFirst().compactMap { arm in
            arm.steps.map(\.name) == steps ? progress(arm.variant).map { (arm.variant, $0) } : nil
        }
        let decomposed = StepDecomposition.decompose(
            control: (control.variant, controlProgress), treatments: comparable, alpha: alpha, correction: correction
        )
        var byVariant: [String: StepDecompositionReport] = [:]
        for decomposition in decomposed {
            byVariant[decomposition.variant] = StepDecompositionReport(decomposition, steps: steps, goal: goal)
        }
        report.stepDecompositions = arms.dropFirst().map { arm in
            byVariant[arm.variant] ?? StepDecompositionReport(
                variant: arm.variant, control: control.variant, refusedFor: "steps_differ",
                reason: "its steps are not control's (each arm's steps were discovered from its own screens); "
                    + "configure the funnel's steps to compare them step by step",
                correction: correction
            )
        }
        for decomposition in report.stepDecompositions {
            if let summary = decomposition.verdictSummary {
                report.analysis.verdict += "; " + summary
            }
        }
    }
}

extension ArmTally {
    /// The arm's users by furthest step reached and whether they converted; nil for counts made without
    /// `converted_reaching_step` rows, which do not say how far converted users got.
    var funnelProgress: FunnelArmProgress? {
        guard let convertedByFurthestStep, convertedByFurthestStep.count == stepDurations.count + 1 else { return nil }
        let reached = [users] + stepDurations.map(\.count) + [0]
        let notConverted = (0...stepDurations.count).map { step in
            max(0, reached[step] - reached[step + 1] - convertedByFurthestStep[step])
        }
        return FunnelArmProgress(notConverted: notConverted, converted: convertedByFurthestStep)
    }
}

extension StepDecompositionReport {
    /// The steps found to differ, in flow order with their direction and ratio (`gains at "Payment" (x1.12), gives
    /// some back at "Placed order" (x0.96)`), prefixed by the treatment; nil when none is found.
    var verdictSummary: String? {
        let found = terms.filter(\.isFound).compactMap { term -> String? in
            guard let ratio = term.ratio else { return nil }
            let place = term.isGoal ? "reaching the goal" : "at \"\(term.step)\""
            let direction = ratio > 1 ? "gains" : "gives some back"
            return "\(direction) \(place) (x\(ReportNumberFormat.fixed(ratio, places: 2)))"
        }
        guard !found.isEmpty else { return nil }
        return "\(variant) step by step: " + found.joined(separator: ", ")
    }
}
