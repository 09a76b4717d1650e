import FlowEvents
@testable import FlowReports
import Foundation
import Testing

/// The HTML report's forest plots read on their own: each chart of a metric names the metric and the difference
/// it shows, an axis never repeats a tick label, and a p-value is not split over two lines.
@Suite("HTML: forest plots that say what they show")
struct ForestPlotLabelTests {
    @Test("An axis's ticks take the decimals that tell them apart, and no more", arguments: [
        (0.0115, ForestPlotSVG.AxisUnit.plain, ["-0.012", "-0.006", "0.000", "+0.006", "+0.012"]),
        (910.01, .plain, ["-910.01", "-455.01", "0.00", "+455.01", "+910.01"]),
        (0.00023, .percent, ["-0.02%", "-0.01%", "0.00%", "+0.01%", "+0.02%"]),
        (0.17, .percentagePoints, ["-17.0 pp", "-8.5 pp", "0.0 pp", "+8.5 pp", "+17.0 pp"]),
    ])
    func distinctTicks(extent: Double, unit: ForestPlotSVG.AxisUnit, expected: [String]) {
        let ticks = [-extent, -extent / 2, 0, extent / 2, extent]
        #expect(ForestPlotSVG.distinctLabels(of: ticks, unit: unit) == expected)
    }

    @Test("Every metric's charts are captioned with the metric's name and which difference; its p-values sit in cells that do not wrap")
    func captionedCharts() throws {
        let report = try ReportBuilder.report(events: DefinedMetricTests.log, options: DefinedMetricTests.options(metrics: ["revenue", "buyers"]), inputs: [])
        let html = HTMLRenderer().render(report)
        for name in ["Revenue", "Buyers"] {
            #expect(html.contains("<figure><figcaption>Difference in \(name) from control</figcaption><svg"), "\(name)")
            #expect(html.contains("<figure><figcaption>Relative difference in \(name) from control</figcaption><svg")
                    || !html.contains("aria-label=\"Relative difference in \(name)"), "\(name)")
        }
        let charts = html.components(separatedBy: "class=\"metric-plots\"").dropFirst()
        #expect(charts.count == 2)
        for chart in charts {
            let figures = chart.components(separatedBy: "<figure>").dropFirst().prefix { !$0.contains("metric-plots") }
            #expect(!figures.isEmpty && figures.allSatisfy { $0.hasPrefix("<figcaption>") })
        }
        // The p-value cells of the metric table.
        #expect(html.contains("<td class=\"num\">"))
    }
}
