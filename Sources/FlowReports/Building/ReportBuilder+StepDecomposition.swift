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
        let approaches = Dictionary(arms.map { ($0.variant, $0.paths?.stepApproaches) }, uniquingKeysWith: { first, _ in first })
        for decomposition in decomposed {
            var report = StepDecompositionReport(decomposition, steps: steps, goal: goal)
            if let controlApproaches = approaches[control.variant] ?? nil, let treatmentApproaches = approaches[decomposition.variant] ?? nil {
                report.compareApproaches(treatment: treatmentApproaches, control: controlApproaches)
            }
            byVariant[decomposition.variant] = report
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
            if let unlike = decomposition.unlikeStepsSummary {
                report.analysis.verdict += "; " + unlike
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

    /// The steps whose screens on the way are not alike in the two flows, each with those screens
    /// (`one-page-checkout's steps not alike on the way: "Payment" (shipping)`); nil when every compared step is alike.
    var unlikeStepsSummary: String? {
        let unlike = terms.compactMap { term -> String? in
            guard let approach = term.approach, !approach.isAlike else { return nil }
            // Screen names come from the log: the first few, each cut to a readable length, so no log makes a verdict long.
            var screens = approach.unlikeScreens.prefix(3).map { TerminalText.capped($0.screen) }
            if approach.unlikeScreens.count > 3 { screens.append("\(approach.unlikeScreens.count - 3) more") }
            return "\"\(term.step)\" (" + screens.joined(separator: ", ") + ")"
        }
        guard !unlike.isEmpty else { return nil }
        return "\(variant)'s steps not alike on the way: " + unlike.joined(separator: ", ")
    }

    /// Compares, for each step's term, the screens treatment's and control's users pass on the way to the step.
    mutating func compareApproaches(treatment: [StepApproachReport], control: [StepApproachReport]) {
        for index in terms.indices where !terms[index].isGoal && treatment.indices.contains(index) && control.indices.contains(index) {
            terms[index].approach = StepApproachComparison(treatment: treatment[index], control: control[index])
        }
    }
}
