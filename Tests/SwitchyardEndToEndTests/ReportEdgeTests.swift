import Foundation
import Testing

@Suite("switchyard report at the edges: stray variants, missing configuration, bad options, simulated ids", .serialized)
struct ReportEdgeTests {
    @Test("one stray exposure to a variant the config does not list raises no sample-ratio alarm and is reported as such")
    func strayVariant() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 400, events: "log.jsonl")).status == 0)
        let stray = #"{"schema":1,"time":"2026-11-01T12:00:00.000Z","session":"g","user":"ghost-user","experiment":"onboarding-order","variant":"ghost-variant","type":"exposure","screen":null,"action":null,"properties":{}}"#
        let log = try #require(cli.contents(of: "log.jsonl"))
        try (log + stray + "\n").write(toFile: cli.path("log.jsonl"), atomically: true, encoding: .utf8)
        let result = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        let experiment = try #require((result.json?["experiments"] as? [[String: Any]])?.first)
        let arms = try #require(experiment["arms"] as? [[String: Any]])
        #expect(arms.last?["variant"] as? String == "ghost-variant")
        #expect(arms.last?["not_in_configuration"] as? Bool == true)
        let analysis = try #require(experiment["analysis"] as? [String: Any])
        let sampleRatio = try #require(analysis["sample_ratio"] as? [String: Any])
        #expect(sampleRatio["variants"] as? [String] == ["signup-before-profile", "signup-after-profile"])
        #expect(sampleRatio["is_mismatch"] as? Bool == false)
        #expect(!(try #require(analysis["verdict"] as? String)).contains("mismatch"))
        #expect((experiment["notes"] as? [String])?.first?.hasPrefix("ghost-variant is not a variation in the configuration") == true)
        let table = try cli.run(["report", "log.jsonl", "--config", Repository.experiments])
        #expect(table.standardOutput.contains("ghost-variant (not in config)"))
    }

    @Test("run where no config is found, report says so in every format and what it used instead")
    func missingConfiguration() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 50, events: "log.jsonl")).status == 0)
        for format in ["table", "markdown", "json", "csv", "html"] {
            let result = try cli.run(["report", "log.jsonl", "--format", format])
            #expect(result.status == 0, "\(format): \(result.standardError)")
            #expect(result.standardOutput.contains("no experiment configuration: no --config given and no experiments.json of any app exists under Configuration/ in"),
                    "\(format)")
        }
    }

    @Test("--sequential gives always-valid intervals and p-values in every format, and the JSON names the method")
    func sequentialFlag() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 600, events: "log.jsonl")).status == 0)
        let fixed = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json"])
        let sequential = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json", "--sequential"])
        func analysis(_ result: CLI.Result) throws -> [String: Any] {
            let experiment = try #require((result.json?["experiments"] as? [[String: Any]])?.first)
            return try #require(experiment["analysis"] as? [String: Any])
        }
        #expect(try analysis(fixed)["method"] as? String == "fixed-horizon")
        #expect(try analysis(sequential)["method"] as? String == "sequential")
        #expect(try analysis(sequential)["sequential_tuning_users"] as? Double == 5000)
        func width(_ result: CLI.Result) throws -> Double {
            let comparison = try #require((try analysis(result)["comparisons"] as? [[String: Any]])?.first)
            let interval = try #require(comparison["absolute_interval"] as? [String: Double])
            return try #require(interval["upper"]) - (try #require(interval["lower"]))
        }
        #expect(try width(sequential) > width(fixed))
        for (format, marker) in [("table", "tests: sequential, valid at every look"), ("markdown", "tests: sequential"),
                                 ("html", "tests: sequential"), ("csv", ",sequential")] {
            let result = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", format, "--sequential"])
            #expect(result.standardOutput.contains(marker), "\(format)")
        }
    }

    @Test("--segment-by breaks results down by another slot's variant, with a test of whether the effect differs")
    func segmentBySlot() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 800, events: "log.jsonl")).status == 0)
        let result = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json", "--segment-by", "app-shell"])
        #expect(result.status == 0, "\(result.standardError)")
        let experiment = try #require((result.json?["experiments"] as? [[String: Any]])?.first)
        #expect(experiment["segment_by"] as? String == "app-shell")
        let segments = try #require(experiment["segments"] as? [[String: Any]])
        #expect(segments.compactMap { $0["value"] as? String } == ["phone", "tablet"])
        let interactions = try #require(experiment["segment_interactions"] as? [[String: Any]])
        #expect(interactions.first?["variant"] as? String == "signup-after-profile")
        #expect(interactions.first?["segments"] as? Int == 2)
        let table = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--segment-by", "app-shell"])
        #expect(table.standardOutput.contains("Segments by app-shell"))
        #expect(table.standardOutput.contains("app-shell = tablet (users "))
    }

    @Test("sessions log the user's targeting attributes, so --segment-by breaks results down by one (deviceClass)")
    func segmentByAttribute() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 800, events: "log.jsonl")).status == 0)
        let start = try #require(jsonLines(cli.contents(of: "log.jsonl") ?? "")?.first)
        let properties = try #require(start["properties"] as? [String: String])
        #expect(Set(properties.keys) == ["app-shell", "auth-flow", "deviceClass", "appVersion", "locale"])
        let result = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json", "--segment-by", "deviceClass"])
        #expect(result.status == 0, "\(result.standardError)")
        let experiment = try #require((result.json?["experiments"] as? [[String: Any]])?.first)
        let segments = try #require(experiment["segments"] as? [[String: Any]])
        #expect(segments.compactMap { $0["value"] as? String } == ["phone", "tablet"])
    }

    @Test("out-of-range option values are refused by name, negative numbers included")
    func outOfRangeOptions() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 10, events: "log.jsonl")).status == 0)
        for (arguments, message) in [
            (["report", "log.jsonl", "--alpha", "-0.5"], "--alpha must be between 0 and 1 (exclusive), got -0.5"),
            (["report", "log.jsonl", "--alpha", "1"], "--alpha must be between 0 and 1 (exclusive), got 1.0"),
            (["simulate", "--users", "-5", "--events", "x.jsonl"], "--users must be 0 or more, got -5"),
            (["simulate", "--users", "5", "--jobs", "-1", "--events", "x.jsonl"], "--jobs must be at least 1, got -1"),
            (["demo", "--users", "-5"], "--users must be 0 or more, got -5"),
        ] {
            let result = try cli.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
    }

    @Test("simulated user ids depend on the seed, or on --id-prefix, so separate simulations never share users")
    func seededIDs() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 20, events: "one.jsonl", ["--seed", "1"])).status == 0)
        #expect(try cli.run(Repository.simulate(users: 20, events: "two.jsonl", ["--seed", "2"])).status == 0)
        #expect(try cli.run(Repository.simulate(users: 20, events: "named.jsonl", ["--id-prefix", "pilot-"])).status == 0)
        func users(_ name: String) throws -> Set<String> {
            Set(try #require(jsonLines(cli.contents(of: name) ?? "")).compactMap { $0["user"] as? String })
        }
        let one = try users("one.jsonl")
        #expect(one.count == 20)
        #expect(one.isDisjoint(with: try users("two.jsonl")))
        #expect(one.contains("s1-user-0"))
        #expect(try users("named.jsonl").contains("pilot-19"))
    }

    @Test("--decoding-threads 0 decodes on the counting thread alone and reports exactly what the default threads do; a count out of range is refused")
    func decodingThreads() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 600, events: "log.jsonl")).status == 0)
        let threaded = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json"])
        let alone = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json", "--decoding-threads", "0"])
        let four = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json", "--decoding-threads", "4"])
        #expect(threaded.status == 0 && alone.status == 0 && four.status == 0, "\(alone.standardError)")
        #expect(!alone.standardOutput.isEmpty)
        #expect(alone.standardOutput == threaded.standardOutput)
        #expect(four.standardOutput == threaded.standardOutput)
        for refused in ["-1", "999"] {
            let result = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--decoding-threads", refused])
            #expect(result.status != 0)
            #expect(result.standardError.contains("--decoding-threads must be from 0 to"), "\(refused): \(result.standardError)")
        }
    }

    @Test("users exposed to both variants beyond 1% are a failed health check: every format says so, and the verdict says not to trust it")
    func multipleExposureHealth() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 400, events: "log.jsonl")).status == 0)
        let log = try #require(cli.contents(of: "log.jsonl"))
        let variants = ["signup-before-profile", "signup-after-profile"]
        var crossed = ""
        for line in log.split(separator: "\n") where line.contains(#""type":"exposure""#) && crossed.split(separator: "\n").count < 10 {
            guard let from = variants.first(where: { line.contains(#""variant":"\#($0)""#) }), let to = variants.first(where: { $0 != from }) else { continue }
            crossed += line.replacingOccurrences(of: #""variant":"\#(from)""#, with: #""variant":"\#(to)""#)
                .replacingOccurrences(of: #""session":""#, with: #""session":"again-"#) + "\n"
        }
        try (log + crossed).write(toFile: cli.path("log.jsonl"), atomically: true, encoding: .utf8)
        let json = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "json"])
        #expect(json.status == 0, "\(json.standardError)")
        let experiment = try #require((json.json?["experiments"] as? [[String: Any]])?.first)
        #expect(experiment["excluded_multi_variant_users"] as? Int == 10)
        let analysis = try #require(experiment["analysis"] as? [String: Any])
        let check = try #require(analysis["multiple_exposures"] as? [String: Any])
        #expect(check["users"] as? Int == 10)
        #expect(check["exposed_users"] as? Int == 400)
        #expect(check["is_flagged"] as? Bool == true)
        let health = try #require(analysis["health"] as? [String: Any])
        #expect(health["is_healthy"] as? Bool == false)
        #expect((health["problems"] as? [String])?.first?.hasPrefix("10 users (2.5% of those exposed) saw more than one variant") == true)
        #expect((analysis["verdict"] as? String)?.hasPrefix("do not trust this result: 10 users") == true)
        for (format, marker) in [("table", "Health: sample ratio ok"), ("markdown", "**Health:**"), ("html", "<strong>Health:</strong>")] {
            let result = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", format])
            #expect(result.standardOutput.contains(marker), "\(format)")
            #expect(result.standardOutput.contains("TOO MANY, at least 1%"), "\(format)")
            #expect(result.standardOutput.contains("do not trust this result"), "\(format)")
        }
        let csv = try cli.run(["report", "log.jsonl", "--config", Repository.experiments, "--format", "csv"])
        let rows = csv.standardOutput.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try #require(rows.first)
        let healthy = try #require(header.firstIndex(of: "is_healthy"))
        let flagged = try #require(header.firstIndex(of: "multiple_exposures_flagged"))
        #expect(rows.dropFirst().allSatisfy { $0[healthy] == "false" && $0[flagged] == "true" })
    }
}

@Suite("switchyard report of a log with endless distinct screen names")
struct DistinctScreenNamesTests {
    @Test("without a config, steps stop at the cap, and every format says how many screens were left out")
    func stepCapInEveryFormat() throws {
        let cli = try CLI()
        var lines = ""
        for user in 0..<4 {
            let variant = user % 2 == 0 ? "a" : "b"
            func line(_ millisecond: Int, _ type: String, screen: String? = nil, experiment: Bool = false) -> String {
                let time = String(format: "2026-11-02T10:00:%02d.%03dZ", millisecond / 1000, millisecond % 1000)
                let exposure = experiment ? #""experiment":"names","variant":"\#(variant)""# : #""experiment":null,"variant":null"#
                return #"{"schema":1,"time":"\#(time)","session":"s\#(user)","user":"u\#(user)",\#(exposure),"type":"\#(type)","screen":\#(screen.map { "\"\($0)\"" } ?? "null"),"action":null,"properties":{}}"# + "\n"
            }
            lines += line(0, "exposure", experiment: true)
            for screen in 0..<60 {
                lines += line(10 + screen * 10, "screen_shown", screen: "user-\(user)-screen-\(screen)")
            }
        }
        try lines.write(toFile: cli.path("names.jsonl"), atomically: true, encoding: .utf8)
        for format in ["table", "markdown", "json", "csv", "html"] {
            let result = try cli.run(["report", "names.jsonl", "--format", format])
            #expect(result.status == 0, "\(format): \(result.standardError)")
            #expect(result.standardOutput.contains("20 more screens beyond the cap of 100 discovered steps are not steps"), "\(format)")
        }
        let json = try cli.run(["report", "names.jsonl", "--format", "json"])
        let arms = try #require(((json.json?["experiments"] as? [[String: Any]])?.first)?["arms"] as? [[String: Any]])
        #expect(arms.map { $0["discovered_screens_beyond_cap"] as? Int } == [20, 20])
        #expect(arms.map { ($0["steps"] as? [Any])?.count } == [100, 100])
    }
}
