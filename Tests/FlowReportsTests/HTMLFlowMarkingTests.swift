import FlowEvents
import FlowReports
import Foundation
import Testing

/// The HTML report's charts mark the funnel: step numbers on the observed-paths map, and the end-to-end interval
/// under the step chart's product.
@Suite("HTML: funnel steps on the paths map and the end-to-end interval on the step chart")
struct HTMLFlowMarkingTests {
    static func html() throws -> String {
        var options = StepDecompositionReportTests.options
        options.topPaths = 5
        let report = try ReportBuilder.report(events: PathShareReportTests.log(), options: options, inputs: ["events.jsonl"])
        return HTMLRenderer().render(report)
    }

    @Test("each screen a step is on carries the step's number, and the legend names the steps")
    func stepBadges() throws {
        let html = try Self.html()
        // welcome is step 1 and signup step 2 in both arms' maps.
        #expect(html.components(separatedBy: ">1</text>").count - 1 >= 2)
        #expect(html.components(separatedBy: "class=\"step-number\"").count - 1 == 4)
        #expect(html.contains("funnel steps (dark badges): 1 welcome · 2 signup"))
        #expect(html.contains("welcome: left here: 40 (40.0%); funnel step 1"))
    }

    @Test("the step chart draws the goal comparison's interval of the ratio as a bar at the end-to-end row and writes it")
    func endToEndBar() throws {
        let html = try Self.html()
        #expect(html.contains("class=\"end-to-end-interval\""))
        // B converts 70 of 100, A 60 of 100: ratio ×1.167, and the summary carries its interval.
        let chart = try #require(html.range(of: "end to end (product)"))
        let summary = html[chart.upperBound...].prefix(600)
        #expect(summary.contains("×1.167 ["))
        #expect(html.contains("its interval as a grey bar"))
    }
}
