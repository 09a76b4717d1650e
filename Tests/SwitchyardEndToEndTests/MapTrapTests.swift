import Foundation
import Testing

/// `planted-host` hosts a test-only app whose variants trap and loop forever when their flow finishes.
@Suite("A coordinator that traps or never returns costs the map of its combination only, end to end")
struct MapTrapTests {
    @Test("map reports the trap and the stall with the path that reaches them, and prints the rest of the map")
    func trapAndStall() throws {
        let cli = try CLI()
        let started = Date()
        let result = try cli.run(product: "planted-host", ["map", "--app", "planted"], environment: ["SWITCHYARD_EXPLORATION_STALL_SECONDS": "1"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(result.status == 1)
        let document = try #require(result.json, "\(result.standardOutput)")
        let maps = try #require(document["maps"] as? [[String: Any]])
        #expect(maps.map { ($0["variants"] as? [String: String])?["flow"] } == ["sound", "stalling", "trapping"])
        #expect((maps[0]["states"] as? [Any])?.count == 3)
        #expect((maps[1]["failure"] as? [String: Any])?["kind"] as? String == "stall")
        #expect((maps[2]["failure"] as? [String: Any])?["signal"] as? Int == Int(SIGILL) || (maps[2]["failure"] as? [String: Any])?["signal"] as? Int == Int(SIGTRAP))
        let lints = try #require(document["lints"] as? [[String: Any]])
        #expect(Set(lints.compactMap { $0["kind"] as? String }) == ["coordinator-trapped", "exploration-stalled"])
        #expect(lints.allSatisfy { $0["path"] as? [String] == ["go", "finish"] })
        #expect(result.standardError.contains("[coordinator-trapped] (flow=trapping), after start → go → finish: a coordinator trapped"))
        #expect(result.standardError.contains("planted trap on finish"))
        #expect(result.standardError.contains("[exploration-stalled] (flow=stalling), after start → go → finish"))
        #expect(!result.standardError.contains("Backtracing"), "the worker's crash is not relayed")
    }

    @Test("validate survives the same coordinators and lists the same lints")
    func validate() throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.path("Configuration/planted"), withIntermediateDirectories: true)
        try """
            {"version": 1, "app": "planted", "slots": [{"id": "flow", "default": "sound"}], "experiments": []}
            """.write(toFile: cli.path("Configuration/planted/experiments.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(product: "planted-host", ["validate"], environment: ["SWITCHYARD_EXPLORATION_STALL_SECONDS": "1"])
        #expect(result.status == 1)
        #expect(result.standardOutput.components(separatedBy: "Configuration/planted/experiments.json: valid for planted").count == 2,
                "printed once, by the last worker: \(result.standardOutput)")
        #expect(result.standardOutput.contains("planted flow map: 3 combinations, 3 states"))
        #expect(result.standardError.hasPrefix("Error: 2 lints found:\nplanted [exploration-stalled] (flow=stalling)"), "\(result.standardError)")
        #expect(result.standardError.contains("planted [coordinator-trapped] (flow=trapping)"))
    }

    @Test("report --format html, which explores the maps to draw users' paths on, survives them and writes the report")
    func htmlReport() throws {
        let cli = try CLI()
        var lines: [String] = []
        for user in 0..<40 {
            let variant = user % 2 == 0 ? "sound" : "trapping"
            let head = "{\"schema\":1,\"time\":\"2026-01-01T00:00:\(String(format: "%02d", user % 60)).000Z\",\"session\":\"s\(user)\",\"user\":\"u\(user)\""
            lines.append(head + ",\"experiment\":\"e\",\"variant\":\"\(variant)\",\"type\":\"exposure\",\"screen\":null,\"action\":null,\"properties\":{}}")
            lines.append(head + ",\"experiment\":null,\"variant\":\"\(variant)\",\"type\":\"screen_shown\",\"screen\":\"start\",\"action\":null,\"properties\":{}}")
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: cli.path("events.jsonl"), atomically: true, encoding: .utf8)
        let result = try cli.run(
            product: "planted-host", ["report", "events.jsonl", "--format", "html", "--out", "report.html"],
            environment: ["SWITCHYARD_EXPLORATION_STALL_SECONDS": "1"]
        )
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("Backtracing"), "the worker's crash is not relayed")
        #expect(cli.contents(of: "report.html")?.contains("<svg") == true)
    }
}
