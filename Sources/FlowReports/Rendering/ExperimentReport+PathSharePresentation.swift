extension ExperimentReport {
    /// Column headers of the path-share table.
    static let pathShareHeaders = ["Variant", "Path or screen left on", "Treatment", "Control", "Diff", "Adj. CI", "Adj. p", "Reading"]

    /// One row per treatment and compared path or screen, biggest difference first, as plain text cells aligned with
    /// ``pathShareHeaders``; names cut to ``TerminalText/nameLimit``.
    var pathShareRows: [[String]] {
        pathShares.flatMap { shares in
            shares.shares.enumerated().map { index, share in
                [
                    index == 0 ? TerminalText.capped(shares.variant) : "",
                    share.text,
                    "\(ReportNumberFormat.percent(share.treatmentShare)) (\(ReportNumberFormat.count(share.treatmentUsers)))",
                    "\(ReportNumberFormat.percent(share.controlShare)) (\(ReportNumberFormat.count(share.controlUsers)))",
                    ReportNumberFormat.percentagePoints(share.difference),
                    ReportNumberFormat.percentagePointInterval(share.adjustedInterval),
                    ReportNumberFormat.pValue(share.adjustedPValue),
                    share.reading,
                ]
            }
        }
    }

    /// What the path-share table is, and is not.
    var pathShareNotes: [String] {
        guard pathShares.contains(where: { !$0.shares.isEmpty }) else { return [] }
        return [
            "each share is of the arm's users: on the path (with its ending), or left on the screen without reaching the goal; "
                + "compared as the goal's conversion is, corrected across the treatment's paths and screens; the paths and screens "
                + "are those some arm's report keeps; how common a path is, not what it does to users"
        ]
    }
}

extension PathShareReport {
    /// The path in words (`cart > payment (goal)`) or `left on payment`, names cut to ``TerminalText/nameLimit``.
    var text: String {
        switch kind {
        case .path:
            ObservedPathReport(screens: screens, reachedGoal: reachedGoal == true, users: treatmentUsers, share: treatmentShare).text
        case .leftOn:
            "left on " + TerminalText.capped(screens.first ?? UserFunnelProgress.unknownScreen)
        }
    }

    /// `more common` or `less common` in treatment when found, else `no significant change`.
    var reading: String {
        guard isFound else { return "no significant change" }
        return difference > 0 ? "more common" : "less common"
    }
}
