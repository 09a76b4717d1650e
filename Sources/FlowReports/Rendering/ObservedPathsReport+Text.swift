extension ObservedPathsReport {
    /// Where users left, in words: `signup 1,234 (12.3%), profile 56 (0.6%)`, at most `limit` screens, each
    /// screen's name cut to `nameLimit` characters (``TerminalText/capped(_:to:)``).
    func leftOnText(limit: Int = 5, nameLimit: Int = TerminalText.nameLimit) -> String {
        let shown = leftOn.prefix(limit).map {
            "\(TerminalText.capped($0.screen, to: nameLimit)) \(ReportNumberFormat.count($0.users)) (\(ReportNumberFormat.percent($0.share)))"
        }
        let others = leftOn.count - min(leftOn.count, limit) + (otherLeftOnScreens ?? 0)
        let more = others > 0 ? ", and \(ReportNumberFormat.count(others)) more screens" : ""
        return shown.isEmpty ? "nobody" : shown.joined(separator: ", ") + more
    }

    /// The users the top paths leave out, in words; nil when none. Users whose path is longer than the cap are
    /// named with the cap's value, and that they are in no path and no move shown.
    var restText: String? {
        var parts: [String] = []
        if otherUsers > 0 { parts.append("\(ReportNumberFormat.count(otherUsers)) users on \(distinctPaths - top.count) other paths") }
        if let beyondCapText { parts.append(beyondCapText) }
        if let otherTransitions {
            parts.append("\(ReportNumberFormat.count(otherTransitions)) moves made by fewer users than the \(ReportNumberFormat.count(Self.maximumListed)) listed are not drawn")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// `312 users on paths longer than the cap of 128 screens, in no path or move shown`; nil when no user's path
    /// is longer than the cap.
    var beyondCapText: String? {
        guard usersBeyondCap > 0 else { return nil }
        return "\(ReportNumberFormat.count(usersBeyondCap)) user\(usersBeyondCap == 1 ? "" : "s") on paths longer than the cap of "
            + "\(ReportNumberFormat.count(pathLengthCap)) screen\(pathLengthCap == 1 ? "" : "s"), in no path or move shown"
    }
}
