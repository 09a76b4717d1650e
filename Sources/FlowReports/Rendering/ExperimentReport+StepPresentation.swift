extension ExperimentReport {
    /// Column headers of the step decomposition table.
    static let stepTermHeaders = [
        "Variant", "Step", "Treatment", "Control", "Ratio", "CI", "Adj. CI", "Share", "Adj. p", "Reading", "On the way",
    ]

    /// One row per treatment and term (its steps in flow order, then the goal), as plain text cells aligned with
    /// ``stepTermHeaders``; names cut to ``TerminalText/nameLimit``.
    var stepTermRows: [[String]] {
        stepDecompositions.flatMap { decomposition in
            decomposition.terms.enumerated().map { index, term in
                let step = term.isGoal ? "goal: \(TerminalText.capped(term.step))" : "\(index + 1). \(TerminalText.capped(term.step))"
                return [
                    index == 0 ? TerminalText.capped(decomposition.variant) : "",
                    step,
                    Self.passage(term.treatment),
                    Self.passage(term.control),
                    term.ratio.map { "x" + ReportNumberFormat.fixed($0, places: 3) } ?? "–",
                    term.interval.map(Self.ratioInterval) ?? "–",
                    term.adjustedInterval.map(Self.ratioInterval) ?? "–",
                    ReportNumberFormat.percentagePoints(term.contribution),
                    term.adjustedPValue.map(ReportNumberFormat.pValue) ?? "–",
                    Self.reading(of: term),
                    term.approach.map(Self.approach) ?? "–",
                ]
            }
        }
    }

    /// What the reader must know about the decomposition: the treatments it was refused for, and why, and what it is.
    var stepTermNotes: [String] {
        let refusals = stepDecompositions.compactMap { decomposition in
            decomposition.refusalReason.map { "\(TerminalText.capped(decomposition.variant)) is not decomposed step by step: \($0)" }
        }
        guard stepDecompositions.contains(where: { !$0.terms.isEmpty }) else { return refusals }
        var notes = refusals + [
            "each ratio is treatment's rate of passing the step over control's, of the users who reached the step before; "
                + "the ratios multiply to the ratio of conversion rates and the shares add up to its difference; "
                + "where a flow gains or loses users, not what each screen causes"
        ]
        if stepDecompositions.contains(where: { $0.terms.contains { $0.approach != nil } }) {
            notes.append(
                "On the way: the screens users were shown between the step before and the step; not alike when a screen is "
                    + "shown to at least \(Self.share(StepApproachComparison.typicalShare)) of one arm's users "
                    + "who reached the step and to fewer than \(Self.share(StepApproachComparison.rareShare)) of the "
                    + "other's (shares: treatment/control): the split then compares steps that do not mean the same in both flows"
            )
        }
        return notes
    }

    /// A share as a percentage without trailing zeros, e.g. 0.5 → `50%`, 0.056 → `5.6%`.
    private static func share(_ fraction: Double) -> String {
        ReportNumberFormat.trimmed(fraction * 100, places: 1) + "%"
    }

    /// Whether the screens on the way to the step are alike, and the screens that are not (`not alike: shipping 0%/100%`).
    private static func approach(_ approach: StepApproachComparison) -> String {
        guard !approach.isAlike else { return "alike" }
        var screens = approach.unlikeScreens.prefix(3).map { unlike in
            TerminalText.capped(unlike.screen) + " " + share(unlike.treatmentShare) + "/" + share(unlike.controlShare)
        }
        if approach.unlikeScreens.count > 3 { screens.append("\(approach.unlikeScreens.count - 3) more") }
        return "not alike: " + screens.joined(separator: ", ")
    }

    private static func passage(_ passage: StepArmPassage) -> String {
        "\(ReportNumberFormat.count(passage.passed))/\(ReportNumberFormat.count(passage.reached))"
    }

    private static func ratioInterval(_ interval: StepRatioInterval) -> String {
        "[\(ReportNumberFormat.fixed(interval.lower, places: 3)), \(interval.upper.map { ReportNumberFormat.fixed($0, places: 3) } ?? "∞")]"
    }

    private static func reading(of term: StepTermReport) -> String {
        if term.isFound, let ratio = term.ratio {
            return ratio > 1 ? "gains" : "gives some back"
        }
        switch term.reading {
        case .measured, .nearBoundary: return "no significant change"
        default: return String(term.reading.rawValue.map { $0 == "_" ? " " : $0 })
        }
    }
}
