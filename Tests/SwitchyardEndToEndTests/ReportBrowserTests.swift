import Foundation
import Testing

/// The HTML report looked at in a real browser: headless Chromium (Debian's `chromium`, which CI installs)
/// screenshots it, and Tests/Browser/check_paths_screenshot.py and check_step_chart_screenshot.py find the observed
/// paths and the step-by-step chart drawn in the pixels.
@Suite("The HTML report's observed paths and step chart, rendered by headless Chromium", .serialized)
struct ReportBrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || chromium != nil
    }

    /// Screenshots `page` (a file in the working directory) into `image`.
    static func screenshot(_ page: String, into image: String, in cli: CLI) throws {
        let browser = try #require(chromium, "chromium is not installed: apt-get install chromium (CI does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: browser)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=\(cli.path("profile-\(image)"))",
            "--window-size=1000,3200", "--screenshot=\(cli.path(image))", URL(fileURLWithPath: cli.path(page)).absoluteString,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0 && FileManager.default.fileExists(atPath: cli.path(image)), "chromium failed on \(page)")
    }

    @Test("the drawn paths are there: arrows, drop-off counts and screens; and the check fails on a report without them",
          .enabled(if: shouldRun, "chromium is not installed (apt-get install chromium); CI installs it"))
    func pathsAreDrawn() throws {
        let cli = try CLI()
        let simulated = try cli.run(Repository.simulate(users: 2000, events: "log.jsonl", ["--seed", "3"]))
        try #require(simulated.status == 0, "\(simulated.standardError)")
        for (name, extra) in [("with", [String]()), ("without", ["--top-paths", "0"])] {
            let report = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "html", "--out", "\(name).html"] + extra)
            try #require(report.status == 0, "\(report.standardError)")
            try Self.screenshot("\(name).html", into: "\(name).png", in: cli)
        }
        let html = try #require(cli.contents(of: "with.html"))
        #expect(html.contains("<h3>Observed paths</h3>"))
        // Self-contained: no script, no resource fetched from anywhere.
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("href=\"http") && !html.contains("url(http"))
        let script = Repository.root.appendingPathComponent("Tests/Browser/check_paths_screenshot.py").path
        let drawn = try Python.run([script, cli.path("with.png"), cli.path("without.png")])
        #expect(drawn.status == 0, "\(drawn.standardOutput) \(drawn.standardError)")
        // Honest: the same check on a page without the section fails.
        let blank = try Python.run([script, cli.path("without.png"), cli.path("without.png")])
        #expect(blank.status == 1, "\(blank.standardOutput)")
    }

    @Test("the step-by-step chart is drawn whole: gain, loss and end-to-end markers, nothing cut at the edge; and the check fails without it",
          .enabled(if: shouldRun, "chromium is not installed (apt-get install chromium); CI installs it"))
    func stepChartIsDrawn() throws {
        let cli = try CLI()
        let demo = try cli.run(["demo", "--app", "checkout", "--directory", cli.path("demo")], shellSetup: "cd '\(Repository.root.path)'")
        try #require(demo.status == 0, "\(demo.standardError)")
        let html = try #require(cli.contents(of: "demo/checkout/report.html"))
        #expect(html.contains("<figure class=\"step-chart\">"))
        // The section alone, so the screenshot holds it whatever comes before it.
        let head = try #require(html.range(of: "<body>")).lowerBound
        let section = try #require(html.range(of: "<h3>Step by step</h3>"))
        let tableEnd = try #require(html.range(of: "</table>", range: section.upperBound..<html.endIndex))
        let page = String(html[..<head]) + "<body>" + String(html[section.lowerBound..<tableEnd.upperBound]) + "</body></html>"
        try page.write(toFile: cli.path("steps.html"), atomically: true, encoding: .utf8)
        let figure = try Regex(#"<figure class="step-chart">.*?</figure>"#).dotMatchesNewlines()
        try page.replacing(figure, with: "").write(toFile: cli.path("no-steps.html"), atomically: true, encoding: .utf8)
        try Self.screenshot("steps.html", into: "steps.png", in: cli)
        try Self.screenshot("no-steps.html", into: "no-steps.png", in: cli)
        let script = Repository.root.appendingPathComponent("Tests/Browser/check_step_chart_screenshot.py").path
        let drawn = try Python.run([script, cli.path("steps.png")])
        #expect(drawn.status == 0, "\(drawn.standardOutput) \(drawn.standardError)")
        let blank = try Python.run([script, cli.path("no-steps.png")])
        #expect(blank.status == 1, "\(blank.standardOutput)")
    }
}
