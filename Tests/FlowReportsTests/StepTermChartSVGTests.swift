import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import FlowReports
import Testing

@Suite("The step-by-step chart: valid SVG for every ratio, interval and name")
struct StepTermChartSVGTests {
    static let hostile = "</text><script>alert(1)</script>&amp;"

    static func row(
        _ label: String, ratio: Double?, interval: StepRatioInterval?, adjusted: StepRatioInterval? = nil,
        found: Bool = false, untested: String? = nil
    ) -> StepTermChartSVG.Row {
        StepTermChartSVG.Row(
            label: label, ratio: ratio, interval: interval, adjustedInterval: adjusted ?? interval, isFound: found,
            untested: untested, share: "+1.0 pp", detail: "\(label): detail"
        )
    }

    static func chart(_ rows: [StepTermChartSVG.Row], endToEnd: Double? = 1.1) -> String {
        StepTermChartSVG(rows: rows, endToEnd: endToEnd, endToEndSummary: "×1.100 (+1.0 pp)", title: "B over A").markup
    }

    /// Parses `svg` as XML and returns every attribute value; fails the test when it is not well-formed.
    static func attributes(of svg: String) throws -> [String] {
        #if canImport(FoundationXML) || os(macOS)
        let document = try XMLDocument(xmlString: svg, options: [])
        var values: [String] = []
        var pending = [document.rootElement()].compactMap { $0 }
        while let element = pending.popLast() {
            values += (element.attributes ?? []).compactMap(\.stringValue)
            pending += (element.children ?? []).compactMap { $0 as? XMLElement }
        }
        return values
        #else
        return []
        #endif
    }

    static func expectValid(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let values = try attributes(of: svg)
        #expect(!values.isEmpty, sourceLocation: sourceLocation)
        for value in values {
            let lowered = value.lowercased()
            #expect(!lowered.contains("nan") && !lowered.contains("inf"), "attribute \(value)", sourceLocation: sourceLocation)
        }
        #expect(!svg.contains("<script"), sourceLocation: sourceLocation)
    }

    @Test("edge values give well-formed SVG without NaN or infinity: ratio 0, huge ratios, [0, ∞), no ratio")
    func edges() throws {
        let svg = Self.chart([
            Self.row("1. ends in treatment", ratio: 0, interval: StepRatioInterval(lower: 0, upper: 0.4), found: true),
            Self.row("2. huge", ratio: 1e300, interval: StepRatioInterval(lower: 1e200, upper: .infinity), found: true),
            Self.row("3. tiny", ratio: 1e-300, interval: StepRatioInterval(lower: 0, upper: 1e-200)),
            Self.row("4. anything", ratio: nil, interval: StepRatioInterval(lower: 0, upper: nil)),
            Self.row("5. bad numbers", ratio: .nan, interval: StepRatioInterval(lower: .nan, upper: .nan)),
            Self.row("goal: structural", ratio: 1, interval: nil, untested: "not tested: everyone passes in both"),
        ], endToEnd: 0)
        try Self.expectValid(svg)
        #expect(svg.contains("not tested: everyone passes in both"))
        #expect(svg.contains("end to end (product)"))
        #expect(svg.contains("×∞"), "an unbounded interval is written as such")
    }

    @Test("an unbounded interval runs to the right edge and ends in an arrow")
    func unboundedArrow() throws {
        let svg = Self.chart([Self.row("1. open", ratio: 1.2, interval: StepRatioInterval(lower: 0.9, upper: nil))])
        try Self.expectValid(svg)
        // The plot ends at 190 + 420: the line and an arrowhead reach it.
        #expect(svg.contains("x2=\"610.0\""))
        #expect(svg.contains("<path d=\"M610.0 "))
    }

    @Test("a single term, no end-to-end ratio: still a chart with ×1 on its axis")
    func single() throws {
        let svg = Self.chart([Self.row("goal: done", ratio: 1.05, interval: StepRatioInterval(lower: 0.98, upper: 1.12))], endToEnd: nil)
        try Self.expectValid(svg)
        #expect(svg.contains(">×1</text>"))
        #expect(!svg.contains("end to end"))
    }

    @Test("30 terms: a row each, labels cut with an ellipsis and the full name kept in the tooltip")
    func thirtyTerms() throws {
        let long = String(repeating: "very long step name ", count: 5)
        let rows = (1...30).map { index in
            Self.row("\(index). \(long)", ratio: 1 + Double(index) / 100, interval: StepRatioInterval(lower: 0.9, upper: 1.5), found: index.isMultiple(of: 2))
        }
        let svg = Self.chart(rows)
        try Self.expectValid(svg)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 30)
        #expect(svg.contains("…</text>"))
        #expect(svg.contains("<title>30. \(long): detail</title>"))
        #expect(svg.contains("fill=\"\(StepTermChartSVG.gainColor)\""))
    }

    @Test("ticks come from the data: ×0.8 and ×1.25 near 1, ×0.5 and ×2 further out, labels apart")
    func ticks() throws {
        let near = Self.chart([Self.row("1. a", ratio: 1.1, interval: StepRatioInterval(lower: 1.02, upper: 1.2))])
        #expect(near.contains(">×1.25</text>") && near.contains(">×0.8</text>"))
        let far = Self.chart([Self.row("1. a", ratio: 2.5, interval: StepRatioInterval(lower: 1.5, upper: 4))])
        #expect(far.contains(">×2</text>") && far.contains(">×0.5</text>"))
    }

    @Test("a hostile step name is escaped in the label and the tooltip")
    func hostileName() throws {
        let svg = Self.chart([
            Self.row("1. \(Self.hostile)", ratio: 0.9, interval: StepRatioInterval(lower: 0.8, upper: 0.95), found: true),
        ])
        try Self.expectValid(svg)
        #expect(!svg.contains("</text><script>"))
        #expect(svg.contains("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;"))
        #expect(svg.contains("fill=\"\(StepTermChartSVG.lossColor)\""))
    }
}
