extension ReportBuilder {
    /// Decomposes each treatment's difference in conversion step by step (``StepDecomposition``), correcting across
    /// the tested terms of every treatment, and names in the verdict the steps found to differ, in flow order.
    static func addStepDecompositions(
        to report: inout ExperimentReport, arms: [ArmReport], goal: String, correction: MultipleComparisonCorrection,
        alpha: Double
    ) {
        guard let control = arms.first, arms.count > 1 else { return }
        let steps = control.steps.map(\.name)
        let comparable = arms.dropFirst().filter { $0.steps.map(\.name) == steps }
        let decomposed = StepDecomposition.decompose(
            control: (control.variant, control.funnelProgress),
            treatments: comparable.map { ($0.variant, $0.funnelProgress) },
            alpha: alpha, correction: correction
        )
        var byVariant: [String: StepDecompositionReport] = [:]
        for decomposition in decomposed {
            byVariant[decomposition.variant] = StepDecompositionReport(decomposition, steps: steps, goal: goal)
        }
        report.stepDecompositions = arms.dropFirst().map { arm in
            byVariant[arm.variant] ?? StepDecompositionReport(
                variant: arm.variant, control: control.variant, refusedFor: "steps_differ",
                reason: "\(arm.variant)'s steps are not \(control.variant)'s (steps discovered per arm differ); "
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

extension ArmReport {
    /// The arm's users by furthest step reached and whether they converted: from the log when it was read, else from
    /// the nested step counts (which leave a goal reached without the last step undecomposed).
    var funnelProgress: FunnelArmProgress {
        guard let convertedByFurthestStep, convertedByFurthestStep.count == steps.count + 1 else {
            return FunnelArmProgress(users: users, stepUsers: steps.map(\.users), conversions: goalConversions)
        }
        let reached = [users] + steps.map(\.users) + [0]
        let notConverted = (0...steps.count).map { step in
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
