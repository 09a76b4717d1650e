import Foundation
import Testing

/// `report` on a simulated log writes step times and path shares in every format, each JSON field named in docs/CLI.md.
@Suite("report: step times and path shares from a simulated log, end to end")
struct StepTimesEndToEndTests {
    /// The keys of `object` and of its nested objects and arrays of objects.
    static func keys(of value: Any) -> Set<String> {
        var keys: Set<String> = []
        if let object = value as? [String: Any] {
            for (key, nested) in object {
                keys.insert(key)
                keys.formUnion(Self.keys(of: nested))
            }
        } else if let array = value as? [Any] {
            for element in array { keys.formUnion(Self.keys(of: element)) }
        }
        return keys
    }

    /// Whether the docs' table names `key`: as a field (`` `key` ``, `` `a[].key` ``, `` `….key` ``) or inside an interval's
    /// `{ lower, upper }`.
    static func names(_ key: String, in docs: String) -> Bool {
        docs.contains("`\(key)") || docs.contains(".\(key)") || docs.contains("{ lower, upper }") && ["lower", "upper"].contains(key)
    }

    /// The part of docs/CLI.md from `start` to the next blank line after its table.
    static func docsSection(from start: String) throws -> String {
        let docs = try String(contentsOf: Repository.root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        let section = try #require(docs.components(separatedBy: start).dropFirst().first)
        let table = try #require(section.range(of: "| field | meaning |"))
        let end = section.range(of: "\n\n", range: table.upperBound..<section.endIndex)?.lowerBound ?? section.endIndex
        return String(section[..<end])
    }

    @Test("JSON carries step_times and path_shares for each treatment, every field documented; table, Markdown, HTML and CSV show them")
    func everyFormat() throws {
        let cli = try CLI()
        // The checkout's configured steps are the same in both arms, so its step times are compared.
        let simulated = try cli.run([
            "simulate", "--users", "1500", "--config", CheckoutConfiguration.experiments,
            "--behavior", CheckoutConfiguration.behavior, "--events", "events.jsonl",
        ])
        try #require(simulated.status == 0, "\(simulated.standardError)")
        let config = ["--config", CheckoutConfiguration.experiments]
        let report = try cli.run(["report", "events.jsonl", "--format", "json"] + config)
        try #require(report.status == 0, "\(report.standardError)")
        let experiment = try #require((report.json?["experiments"] as? [[String: Any]])?.first)
        let arms = try #require(experiment["arms"] as? [[String: Any]])
        let stepTimes = try #require(experiment["step_times"] as? [[String: Any]])
        #expect(stepTimes.count == arms.count - 1)
        let compared = try #require(stepTimes.first { $0["unavailable"] == nil })
        let steps = try #require(compared["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["Saw cart", "Reached payment step", "Placed order", "Saw confirmation"])
        for step in steps {
            let median = try #require(step["median"] as? [String: Any])
            // Every gap is a real time: no NaN or negative seconds reach the JSON.
            if let seconds = median["treatment_seconds"] as? Double { #expect(seconds >= 0 && seconds.isFinite) }
            #expect(median["adjusted_p_value"] is Double)
        }
        let stepTimeDocs = try Self.docsSection(from: "Each entry of an experiment's `step_times`")
        for key in Self.keys(of: stepTimes) {
            #expect(Self.names(key, in: stepTimeDocs), "step_times field \(key) is not in docs/CLI.md")
        }
        let pathShares = try #require(experiment["path_shares"] as? [[String: Any]])
        #expect(pathShares.count == arms.count - 1)
        let shareDocs = try Self.docsSection(from: "Each entry of an experiment's `path_shares`")
        for key in Self.keys(of: pathShares) {
            #expect(Self.names(key, in: shareDocs), "path_shares field \(key) is not in docs/CLI.md")
        }
        let shares = try #require(pathShares.first?["shares"] as? [[String: Any]])
        let differences = shares.compactMap { $0["difference"] as? Double }.map(abs)
        #expect(differences == differences.sorted(by: >), "biggest difference first")

        for (format, marker) in [("table", "Path or screen left on"), ("markdown", "### Step times"), ("html", "<h3>Path shares</h3>")] {
            let rendered = try cli.run(["report", "events.jsonl", "--format", format] + config)
            #expect(rendered.status == 0 && rendered.standardOutput.contains(marker), "\(format)")
            #expect(!rendered.standardOutput.contains("nan") && !rendered.standardOutput.contains("NaN"), "\(format)")
        }
        let csv = try cli.run(["report", "events.jsonl", "--format", "csv"] + config)
        #expect(csv.status == 0)
        let header = csv.standardOutput.components(separatedBy: "\r\n").first ?? ""
        #expect(header.contains("step_time_median_difference") && header.contains("path_share_difference"))
        #expect(csv.standardOutput.contains(",path,") && csv.standardOutput.contains(",left_on,"))
    }
}
