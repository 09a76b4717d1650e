import FlowReports

/// `report --counts`: the report of the aggregates an engine counted with the query of `switchyard sql`.
enum CountsReport {
    /// The largest counts file read: the aggregates are per arm and per millisecond offset, far smaller than logs.
    static let maximumSize = 1 << 30

    /// Reads the counts file at `path` and builds its report.
    ///
    /// - Throws: `CommandError` for a file that cannot be read or used, located at its line.
    static func build(from path: String, options: ReportOptions) throws -> Report {
        let text = try InputFile.text(
            at: path, option: "--counts", expected: "the CSV or JSON output of the `switchyard sql` query", maximumSize: maximumSize
        )
        do {
            let file = try AggregateCountsFile(text: text, path: path)
            return try ReportBuilder.report(fromCounts: file, options: options, inputs: [path])
        } catch {
            throw CommandError("\(error)")
        }
    }
}
