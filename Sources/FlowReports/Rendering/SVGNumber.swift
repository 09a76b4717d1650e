/// Coordinates for SVG attributes: one decimal, locale-independent, never NaN.
enum SVGNumber {
    /// `value` with one decimal; 0 when not finite, so a bad number cannot break the drawing.
    static func text(_ value: Double) -> String {
        ReportNumberFormat.fixed(value.isFinite ? value : 0, places: 1)
    }
}
