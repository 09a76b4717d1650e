extension ExperimentReport {
    /// Column headers of the step-time table.
    static let stepTimeHeaders = [
        "Variant", "Step", "Users (T / C)", "Median (T / C)", "Diff", "Adj. CI", "Adj. p", "Mean (T / C)", "Diff", "Adj. CI", "Adj. p",
        "Reading",
    ]

    /// One row per treatment and step, as plain text cells aligned with ``stepTimeHeaders``; a treatment whose step
    /// times are unavailable gets one row saying so. Names cut to ``TerminalText/nameLimit``.
    var stepTimeRows: [[String]] {
        stepTimes.flatMap { times -> [[String]] in
            guard times.unavailable == nil else {
                let reading = times.unavailable == "unavailable_from_counts" ? "step times unavailable from counts" : "not compared"
                return [[TerminalText.capped(times.variant)] + Array(repeating: "–", count: Self.stepTimeHeaders.count - 2) + [reading]]
            }
            return times.steps.enumerated().map { offset, step in
                [
                    offset == 0 ? TerminalText.capped(times.variant) : "",
                    "\(step.index). \(TerminalText.capped(step.step))",
                    "\(ReportNumberFormat.count(step.treatmentUsers)) / \(ReportNumberFormat.count(step.controlUsers))",
                ] + Self.differenceCells(step.median) + Self.differenceCells(step.mean) + [Self.reading(of: step)]
            }
        }
    }

    /// What the reader must know about the step times: why they are unavailable for a treatment, and what they are.
    var stepTimeNotes: [String] {
        let unavailable = stepTimes.compactMap { times in
            times.unavailableReason.map { "\(TerminalText.capped(times.variant)): \($0)" }
        }
        guard stepTimes.contains(where: { !$0.steps.isEmpty }) else { return unavailable }
        return unavailable + [
            "a step's time is each user's time from the event that matched the step before (their anchor for step 1) to the one "
                + "that matched the step, over the users who made it (T / C: treatment / control); Median compares the arms' "
                + "medians of these per-user gaps (not the median time to the step minus the median time to the step before), "
                + "Mean their means; intervals corrected across every step's median and mean"
        ]
    }

    /// Treatment's value, control's, the difference, its corrected interval and p-value.
    private static func differenceCells(_ difference: StepTimeDifferenceReport) -> [String] {
        [
            ReportNumberFormat.duration(seconds: difference.treatmentSeconds) + " / "
                + ReportNumberFormat.duration(seconds: difference.controlSeconds),
            difference.difference.map(signedSeconds) ?? "–",
            difference.adjustedInterval.map { "[\(signedSeconds($0.lower)), \(signedSeconds($0.upper))]" }
                ?? (difference.interval == nil ? "–" : "unbounded"),
            difference.pValue == nil ? "–" : ReportNumberFormat.pValue(difference.adjustedPValue),
        ]
    }

    /// A difference in seconds with its sign: `+1.5s`, `-0.3s`, `0.0s`.
    static func signedSeconds(_ seconds: Double) -> String {
        let text = ReportNumberFormat.fixed(seconds, places: 1)
        if text.allSatisfy({ $0 == "0" || $0 == "." || $0 == "-" }) { return "0.0s" }
        return (seconds > 0 ? "+" : "") + text + "s"
    }

    /// `slower (median, mean)` when both are found to differ the same way; else `median slower` or `faster`, then
    /// `mean slower` or `faster`, for each found; else why the median (or mean) is not tested when neither is; else
    /// `no significant change`.
    static func reading(of step: StepTimeReport) -> String {
        let parts = readingParts(of: step)
        let directions = Set(parts.compactMap { $0.split(separator: " ").last.map(String.init) })
        if parts.count == 2, directions.count == 1, let direction = directions.first, direction == "slower" || direction == "faster" {
            return "\(direction) (median, mean)"
        }
        return parts.joined(separator: ", ")
    }

    /// ``reading(of:)``'s parts.
    static func readingParts(of step: StepTimeReport) -> [String] {
        let found = [("median", step.median), ("mean", step.mean)].compactMap { name, difference -> String? in
            guard difference.isFound, let value = difference.difference else { return nil }
            return "\(name) \(value > 0 ? "slower" : "faster")"
        }
        if !found.isEmpty { return found }
        if step.median.pValue == nil, step.mean.pValue == nil, let limitation = step.median.limitation ?? step.mean.limitation {
            return [String(limitation.rawValue.map { $0 == "_" ? " " : $0 })]
        }
        return ["no significant change"]
    }
}
