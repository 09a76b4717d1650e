extension ObservedPathsReport {
    /// Where users left, in words: `signup 1,234 (12.3%), profile 56 (0.6%)`, at most `limit` screens.
    func leftOnText(limit: Int = 5) -> String {
        let shown = leftOn.prefix(limit).map { "\($0.screen) \(ReportNumberFormat.count($0.users)) (\(ReportNumberFormat.percent($0.share)))" }
        let more = leftOn.count > limit ? ", and \(leftOn.count - limit) more screens" : ""
        return shown.isEmpty ? "nobody" : shown.joined(separator: ", ") + more
    }

    /// The users the top paths leave out, in words; nil when none.
    var restText: String? {
        var parts: [String] = []
        if otherUsers > 0 { parts.append("\(ReportNumberFormat.count(otherUsers)) users on \(distinctPaths - top.count) other paths") }
        if usersBeyondCap > 0 { parts.append("\(ReportNumberFormat.count(usersBeyondCap)) users on paths beyond the cap") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
