import Foundation
import Testing

/// The observed paths of `report`, counted again by DuckDB from the rules in docs/Statistics.md
/// (Tests/Warehouse/observed_paths.py), on a simulated log made hard: crafted users whose screens share a
/// millisecond, users walking on two devices at once, users whose paths are as long as the cap or longer, a
/// multi-variant user, events past the window, the lines shuffled with a partial last line.
@Suite("Observed paths: DuckDB counts what report counts, on shuffled multi-device logs")
struct ObservedPathsAgreementTests {
    @Test("every path, its ending, where users left and every move agree exactly",
          .enabled(if: WarehouseAgreementTests.Engine.duckdb.shouldRun, "duckdb is not installed (pip install duckdb); CI installs it"))
    func agree() throws {
        let cli = try CLI()
        let simulated = try cli.run(Repository.simulate(users: 800, events: "simulated.jsonl", ["--seed", "21", "--jobs", "2"]))
        try #require(simulated.status == 0, "\(simulated.standardError)")
        let scripts = Repository.root.appendingPathComponent("Tests/Warehouse")
        let crafted = try Python.run([
            scripts.appendingPathComponent("craft_logs.py").path, cli.path("simulated.jsonl"), Repository.experiments, cli.path(""),
        ])
        try #require(crafted.status == 0, "\(crafted.standardError)")
        let paths = scripts.appendingPathComponent("observed_paths.py").path
        let devices = try Python.run([paths, "devices", cli.path("shuffled.jsonl"), cli.path("devices.jsonl")])
        try #require(devices.status == 0, "\(devices.standardError)")
        for log in ["ordered.jsonl", "devices.jsonl"] {
            let native = try cli.run([
                "report", log, "--config", "config.json", "--experiment", "onboarding-order", "--format", "json", "--top-paths", "1000000",
            ])
            try #require(native.status == 0, "\(native.standardError)")
            let counted = try Python.run([paths, "count", cli.path(log), "--experiment", "onboarding-order", "--config", cli.path("config.json")])
            try #require(counted.status == 0, "\(counted.standardError)")
            let duck = try #require(try JSONSerialization.jsonObject(with: Data(counted.standardOutput.utf8)) as? [String: [String: Any]])
            let experiment = try #require((native.json?["experiments"] as? [[String: Any]])?.first)
            let arms = try #require(experiment["arms"] as? [[String: Any]])
            let beyondCap = arms.compactMap { ($0["paths"] as? [String: Any])?["users_beyond_cap"] as? Int }.reduce(0, +)
            #expect(beyondCap == (log == "devices.jsonl" ? 2 : 0), "\(log): the two crafted paths one screen longer than the cap")
            #expect(Set(arms.compactMap { $0["variant"] as? String }) == Set(duck.keys))
            for arm in arms {
                let variant = try #require(arm["variant"] as? String)
                let expected = try #require(duck[variant])
                let observed = try #require(arm["paths"] as? [String: Any])
                #expect(observed["users_beyond_cap"] as? Int == expected["users_beyond_cap"] as? Int, "\(log) \(variant) users beyond the cap")
                #expect(arm["users"] as? Int == expected["users"] as? Int, "\(log) \(variant) users")
                var byPath: [String: Int] = [:]
                for path in observed["top"] as? [[String: Any]] ?? [] {
                    let screens = (path["screens"] as? [String] ?? []).joined(separator: " > ")
                    byPath[screens + ((path["reached_goal"] as? Bool) == true ? "|goal" : "|left")] = path["users"] as? Int
                }
                #expect(byPath == expected["paths"] as? [String: Int], "\(log) \(variant) paths")
                #expect(observed["distinct_paths"] as? Int == byPath.count)
                let leftOn = Dictionary(uniqueKeysWithValues: (observed["left_on"] as? [[String: Any]] ?? []).map {
                    ($0["screen"] as? String ?? "", $0["users"] as? Int ?? -1)
                })
                #expect(leftOn == expected["left_on"] as? [String: Int], "\(log) \(variant) left on")
                let moves = Dictionary(uniqueKeysWithValues: (observed["transitions"] as? [[String: Any]] ?? []).map {
                    (($0["from"] as? String ?? "") + " > " + ($0["to"] as? String ?? ""), $0["users"] as? Int ?? -1)
                })
                #expect(moves == expected["transitions"] as? [String: Int], "\(log) \(variant) transitions")
            }
        }
    }
}
