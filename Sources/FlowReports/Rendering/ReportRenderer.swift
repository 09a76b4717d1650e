/// Turns a ``Report`` into the text of one output format.
public protocol ReportRenderer: Sendable {
    /// The complete output for `report`, ending in a newline.
    func render(_ report: Report) -> String
}
