import Foundation
import Testing

@Suite("switchyard simulate, report and demo", .serialized)
struct SimulateAndReportTests {
    private func simulate(_ cli: CLI, users: Int, seed: Int = 1, jobs: Int = 2, behavior: String = Repository.behavior, events: String) throws -> CLI.Result {
        try cli.run([
            "simulate", "--users", "\(users)", "--seed", "\(seed)", "--jobs", "\(jobs)",
            "--config", Repository.experiments, "--behavior", behavior, "--events", events,
        ])
    }

    @Test("the same seed writes a byte-identical log with 1 or 3 jobs; another seed does not")
    func reproducible() throws {
        let cli = try CLI()
        #expect(try simulate(cli, users: 1500, jobs: 1, events: "one.jsonl").status == 0)
        #expect(try simulate(cli, users: 1500, jobs: 3, events: "three.jsonl").status == 0)
        #expect(try simulate(cli, users: 1500, seed: 2, events: "other.jsonl").status == 0)
        let one = try #require(cli.contents(of: "one.jsonl"))
        #expect(one == cli.contents(of: "three.jsonl"))
        #expect(one != cli.contents(of: "other.jsonl"))
        #expect(jsonLines(one) != nil, "every line is a JSON object")
    }

    @Test("an existing log is refused unless --append or --replace says what to do with it")
    func existingLog() throws {
        let cli = try CLI()
        #expect(try simulate(cli, users: 50, events: "log.jsonl").status == 0)
        let first = try #require(cli.contents(of: "log.jsonl"))
        let refused = try simulate(cli, users: 50, events: "log.jsonl")
        #expect(refused.status != 0)
        #expect(refused.standardError == "Error: log.jsonl already holds events; pass --append to add to it or --replace to start a new log\n")
        #expect(cli.contents(of: "log.jsonl") == first)
        #expect(try cli.run(["simulate", "--users", "50", "--config", Repository.experiments, "--behavior", Repository.behavior,
                             "--events", "log.jsonl", "--append"]).status == 0)
        #expect(cli.contents(of: "log.jsonl") == first + first)
        #expect(try cli.run(["simulate", "--users", "50", "--config", Repository.experiments, "--behavior", Repository.behavior,
                             "--events", "log.jsonl", "--replace"]).status == 0)
        #expect(cli.contents(of: "log.jsonl") == first)
        #expect(!FileManager.default.fileExists(atPath: cli.path("log.jsonl.partial")))
    }

    @Test("a behaviour model with mistakes is refused with every problem located by its JSON path")
    func badBehavior() throws {
        let cli = try CLI()
        try """
            {"screens": {"signup": {"actions": {"continue": 0.5, "abandon": 0.2}},
                         "profile": {"actions": {"continue": 1.5}, "thinkSeconds": {"median": "slow"}}},
             "atributes": {}}
            """.write(toFile: cli.path("bad.json"), atomically: true, encoding: .utf8)
        let result = try simulate(cli, users: 10, behavior: "bad.json", events: "log.jsonl")
        #expect(result.status != 0)
        #expect(result.standardError == """
            Error: bad.json: atributes: unknown key; expected one of: $schema, attributes, days, description, screens, variants
            bad.json: screens.profile.actions.continue: 1.5 is out of range; expected 0 to 1
            bad.json: screens.profile.thinkSeconds.median: expected a number from 0 to 86400
            bad.json: screens.signup.actions: probabilities sum to 0.7, expected 1

            """)
        #expect(cli.contents(of: "log.jsonl") == nil, "nothing is written")
    }

    @Test("a planted 10 pp effect is found: the interval covers it and the verdict names the winner")
    func plantedEffect() throws {
        let cli = try CLI()
        try PlantedBehavior.json(control: 0.6, treatment: 0.7).write(toFile: cli.path("planted.json"), atomically: true, encoding: .utf8)
        #expect(try simulate(cli, users: 4000, seed: 11, behavior: "planted.json", events: "planted.jsonl").status == 0)
        let result = try cli.run(["report", "planted.jsonl", "--config", Repository.experiments, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let experiment = try #require((result.json?["experiments"] as? [[String: Any]])?.first)
        let analysis = try #require(experiment["analysis"] as? [String: Any])
        let comparison = try #require((analysis["comparisons"] as? [[String: Any]])?.first)
        #expect(comparison["variant"] as? String == "signup-after-profile")
        let interval = try #require(comparison["absolute_interval"] as? [String: Double])
        #expect(try #require(interval["lower"]) < 0.10 && 0.10 < (try #require(interval["upper"])))
        #expect(comparison["is_significant"] as? Bool == true)
        let verdict = try #require(analysis["verdict"] as? String)
        #expect(verdict.hasPrefix("signup-after-profile converts"))
        #expect(verdict.contains("ship it"))
    }

    @Test("an A/A population (identical behaviour in both flows) declares no winner")
    func aaDeclaresNoWinner() throws {
        let cli = try CLI()
        try PlantedBehavior.json(control: 0.65, treatment: 0.65).write(toFile: cli.path("aa.json"), atomically: true, encoding: .utf8)
        #expect(try simulate(cli, users: 4000, seed: 11, behavior: "aa.json", events: "aa.jsonl").status == 0)
        let result = try cli.run(["report", "aa.jsonl", "--config", Repository.experiments, "--format", "json"])
        let experiment = try #require((result.json?["experiments"] as? [[String: Any]])?.first)
        let analysis = try #require(experiment["analysis"] as? [String: Any])
        let comparison = try #require((analysis["comparisons"] as? [[String: Any]])?.first)
        #expect(comparison["is_significant"] as? Bool == false)
        #expect(!(try #require(analysis["verdict"] as? String)).contains("ship it"))
    }

    @Test("report renders every format, to standard output or to --out, and counts skipped lines")
    func reportFormats() throws {
        let cli = try CLI()
        #expect(try simulate(cli, users: 300, events: "log.jsonl").status == 0)
        let log = try #require(cli.contents(of: "log.jsonl"))
        try (log + "{\"schema\":1,\"time\":\"broken\n" + "not json\n").write(toFile: cli.path("log.jsonl"), atomically: true, encoding: .utf8)
        let table = try cli.run(["report", "log.jsonl", "--config", Repository.experiments])
        #expect(table.status == 0)
        #expect(table.standardOutput.contains("Experiment onboarding-order (control: signup-before-profile)"))
        #expect(table.standardOutput.contains("2 malformed lines skipped, first at log.jsonl:"))
        #expect(!table.standardOutput.contains("\u{1B}["), "no colour when not a terminal")
        for (format, marker) in [("markdown", "| Variant"), ("csv", "experiment,"), ("html", "<!DOCTYPE html>"), ("json", "\"report_version\"")] {
            let result = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", format, "--out", "report.\(format)"])
            #expect(result.status == 0, "\(format): \(result.standardError)")
            #expect(try #require(cli.contents(of: "report.\(format)")).contains(marker), "\(format)")
        }
    }

    @Test("report errors are one clear line: missing log, unknown experiment, bad alpha")
    func reportErrors() throws {
        let cli = try CLI()
        let missing = try cli.run(["report", "nope.jsonl"])
        #expect(missing.status != 0)
        #expect(missing.standardError.hasPrefix("Error: nope.jsonl:"))
        #expect(try simulate(cli, users: 50, events: "log.jsonl").status == 0)
        let unknown = try cli.run(["report", "log.jsonl", "--experiment", "colour-test", "--config", Repository.experiments])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("colour-test"))
        let alpha = try cli.run(["report", "log.jsonl", "--alpha", "1.5"])
        #expect(alpha.status != 0)
        #expect(alpha.standardError.contains("--alpha must be between 0 and 1"))
    }

    @Test("compare puts two run logs side by side, one arm per log, named by the forced variant")
    func compareRunLogs() throws {
        let cli = try CLI()
        let before = "1\n1\nada@example.com\nsecret123\n1\nAda\n\n"
        let after = "1\n1\nAda\n\n1\nada@example.com\nsecret123\n"
        for index in 0..<3 {
            #expect(try cli.run(["run", "--variant", "signup-before-profile", "--user", "b\(index)", "--events", "before.jsonl"], input: before).status == 0)
            #expect(try cli.run(["run", "--variant", "signup-after-profile", "--user", "a\(index)", "--events", "after.jsonl"], input: after).status == 0)
        }
        #expect(try cli.run(["run", "--variant", "signup-after-profile", "--user", "a3", "--events", "after.jsonl"], input: "1\nq\n").status == 0)
        let result = try cli.run(["compare", "before.jsonl", "after.jsonl", "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let experiment = try #require((result.json?["experiments"] as? [[String: Any]])?.first)
        let arms = try #require(experiment["arms"] as? [[String: Any]])
        #expect(arms.map { $0["variant"] as? String } == ["signup-before-profile", "signup-after-profile"])
        #expect(arms.map { $0["users"] as? Int } == [3, 4])
        #expect(arms.map { $0["goal_conversions"] as? Int } == [3, 3])
    }

    @Test("demo simulates the bundled config, prints the report and writes an HTML report")
    func demo() throws {
        let cli = try CLI()
        let result = try cli.run([
            "demo", "--users", "2000", "--config", Repository.experiments, "--behavior", Repository.behavior, "--directory", "out",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Simulated 2,000 users"))
        #expect(result.standardOutput.contains("Verdict:"))
        #expect(try #require(cli.contents(of: "out/onboarding/report.html")).contains("<svg"))
        #expect(jsonLines(try #require(cli.contents(of: "out/onboarding/events.jsonl"))) != nil)
    }
}

@Suite("switchyard validate and assign")
struct ValidateAndAssignTests {
    @Test("the bundled config is valid")
    func bundledConfig() throws {
        let result = try CLI().run(["validate", "--config", Repository.experiments, "--behavior", Repository.behavior])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("valid for onboarding (2 slots, 1 rule, 1 experiment)"))
    }

    @Test("every mistake is reported at once with its JSON path, and the exit is non-zero")
    func mistakes() throws {
        let cli = try CLI()
        try """
            {"slots": [{"id": "app-shell", "default": "phone"}, {"id": "auth-flow", "default": "signup-before-profile"}],
             "experiments": [
               {"key": "a", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-sideways"]},
               {"key": "a", "slot": "auth-flow", "variations": ["signup-before-profile", "tablet"], "weights": [0.2, 0.3, 0.5]}
             ]}
            """.write(toFile: cli.path("bad.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["validate", "--app", "onboarding", "--config", "bad.json"])
        #expect(result.status != 0)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("Error: ") == true && lines.first?.hasSuffix("problems found:") == true)
        #expect(lines.contains { $0.hasPrefix("bad.json: experiments[0].variations[1]:") && $0.contains("signup-sideways") })
        #expect(lines.contains { $0.hasPrefix("bad.json: experiments[1].key:") })
        #expect(lines.contains { $0.hasPrefix("bad.json: experiments[1].variations[1]:") && $0.contains("tablet") })
        #expect(lines.contains { $0 == "bad.json: experiments[1].weights: 3 weights for 2 variations" })
    }

    @Test("assign --json prints every slot and experiment in the documented shape")
    func assignJSON() throws {
        let result = try CLI().run(["assign", "--user", "u-42", "--attr", "deviceClass=tablet", "--config", Repository.experiments, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let slots = try #require(result.json?["slots"] as? [[String: Any]])
        #expect(slots.map { $0["slot"] as? String } == ["app-shell", "auth-flow"])
        #expect(slots.first?["variant"] as? String == "tablet")
        #expect((slots.first?["reason"] as? [String: Any])?["kind"] as? String == "rule")
        let experiment = try #require((result.json?["experiments"] as? [[String: Any]])?.first)
        #expect(experiment["key"] as? String == "onboarding-order")
        #expect(experiment["hashValue"] as? String == "u-42")
        #expect(experiment["inExperiment"] as? Bool == true)
    }

    @Test("assignment is deterministic and a run with the same user gets the same variant")
    func runUsesAssignment() throws {
        let cli = try CLI()
        let assigned = try cli.run(["assign", "--user", "u-42", "--config", Repository.experiments, "--json"])
        let variant = ((assigned.json?["slots"] as? [[String: Any]])?.last?["variant"] as? String) ?? ""
        let run = try cli.run(["run", "--user", "u-42", "--config", Repository.experiments], input: "q\n")
        #expect(run.standardOutput.hasPrefix("User u-42: app-shell=phone (default), auth-flow=\(variant) (experiment onboarding-order)"))
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        #expect(events.contains { $0["type"] as? String == "exposure" && $0["variant"] as? String == variant })
    }

    @Test("--variant overrides the experiment and is logged as forced, never as an exposure")
    func forcedIsNotExposure() throws {
        let cli = try CLI()
        _ = try cli.run(["run", "--user", "u-42", "--variant", "signup-after-profile", "--config", Repository.experiments], input: "q\n")
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        #expect(!events.contains { $0["type"] as? String == "exposure" })
        #expect(events.contains {
            $0["type"] as? String == "assignment" && $0["variant"] as? String == "signup-after-profile"
                && ($0["properties"] as? [String: String])?["reason"] == "forced"
        })
    }
}
