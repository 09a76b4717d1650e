import FlowEvents
import Foundation
import FlowReports
import Testing

@Suite("Observed paths in every format, hostile screen names made harmless")
struct ObservedPathRenderingTests {
    static let hostile = "<script>alert(\"x\")</script>\u{1B}[31m"

    private func report() throws -> Report {
        var script = EventScript()
        for (index, variant) in ["A", "B", "A"].enumerated() {
            let user = "u\(index)"
            script.expose(user, to: variant, at: Double(index))
            script.show("welcome", to: user, at: Double(index))
            script.show(Self.hostile, to: user, at: Double(index) + 1)
            if index == 0 { script.add(.flowCompleted, user: user, at: Double(index) + 2) }
        }
        let funnel = FunnelDefinition(steps: [], conversionWindowSeconds: 600, goal: EventMatcher(type: .flowCompleted))
        var accumulator = ExperimentLogAccumulator(options: ReportOptions(
            experiments: ["onboarding": ExperimentAnalysisPlan(variations: ["A", "B"], funnel: funnel)], topPaths: 5,
            offeredTransitions: ["A": [ScreenTransition(from: "welcome", to: "home")]]
        ))
        accumulator.consume(contentsOf: script.events)
        return try ReportBuilder.report(from: accumulator, inputs: ["log"])
    }

    @Test("HTML: the drawing and the table escape the names; an offered move nobody made is drawn as unused")
    func html() throws {
        let html = HTMLRenderer().render(try report())
        #expect(html.contains("<h3>Observed paths</h3>"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        #expect(html.contains(">unused</text>"))
        #expect(html.contains("welcome → home: offered, nobody made it"))
        #expect(html.components(separatedBy: "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"paths\"").count - 1 == 2, "a drawing per arm")
    }

    @Test("table and Markdown list the paths, the ending and where users left, names sanitized")
    func text() throws {
        let report = try report()
        let table = TableRenderer(colors: false).render(report)
        #expect(table.contains("welcome > <script>alert(\"x\")</script>?[31m (goal)"))
        #expect(table.contains("left on: <script>alert(\"x\")</script>?[31m 1 (50.0%)"))
        #expect(!table.contains("\u{1B}"))
        let markdown = MarkdownRenderer().render(report)
        #expect(markdown.contains("### Observed paths"))
        #expect(!markdown.contains("<script>"))
    }
}
