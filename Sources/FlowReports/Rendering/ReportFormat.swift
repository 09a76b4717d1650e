/// The output formats of `--format`.
public enum ReportFormat: String, Sendable, Hashable, CaseIterable {
    /// Aligned columns for a terminal.
    case table
    /// GitHub-flavoured Markdown tables.
    case markdown
    /// The ``Report`` as JSON.
    case json
    /// One row per experiment × variant × step.
    case csv
    /// One self-contained HTML page with charts.
    case html

    /// The renderer of this format; `colors` only affects `table` (the caller checks for a TTY and `NO_COLOR`).
    public func renderer(colors: Bool = false) -> any ReportRenderer {
        switch self {
        case .table: TableRenderer(colors: colors)
        case .markdown: MarkdownRenderer()
        case .json: JSONRenderer()
        case .csv: CSVRenderer()
        case .html: HTMLRenderer()
        }
    }
}
