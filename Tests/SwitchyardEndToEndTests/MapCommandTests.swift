import Foundation
import SampleApps
import Testing
import VariantKit

@Suite("switchyard map: every variant's reachable screens, drawn, linted and set against routes, end to end")
struct MapCommandTests {
    @Test("every registered app maps completely in each format, with no lint, well under a second",
          arguments: RegisteredApps.all.map { $0.app.name })
    func everyApp(app: String) throws {
        let cli = try CLI()
        let json = try cli.run(["map", "--app", app])
        #expect(json.status == 0, "\(json.standardError)")
        let document = try #require(json.json)
        #expect(document["schema"] as? Int == 1)
        #expect(document["complete"] as? Bool == true)
        #expect((document["lints"] as? [Any])?.isEmpty == true)
        let registered = try #require(RegisteredApps.all.app(named: app))
        let mapped = Set(((document["maps"] as? [[String: Any]]) ?? []).flatMap { ($0["variants"] as? [String: String])?.values ?? [:].values })
        #expect(mapped == Set(registered.variants.map { $0.id }))
        let summary = json.standardError
        #expect(summary.hasPrefix("\(app): ") && summary.contains("every lint passed"), "\(summary)")
        let seconds = try #require(Double(summary.split(separator: " explored in ").last?.split(separator: " ").first ?? ""))
        #expect(seconds < 1, "\(summary)")
        for format in ["dot", "mermaid"] {
            let drawn = try cli.run(["map", "--app", app, "--format", format])
            #expect(drawn.status == 0, "\(drawn.standardError)")
            #expect(drawn.standardOutput.hasPrefix(format == "dot" ? "digraph " : "flowchart LR\n"))
        }
    }

    @Test("two variants of one slot are drawn together, the differences in colour")
    func comparison() throws {
        let cli = try CLI()
        let result = try cli.run([
            "map", "--app", "onboarding", "--variant", "auth-flow=signup-before-profile", "--variant", "auth-flow=signup-after-profile",
            "--format", "dot",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("label=\"auth-flow: signup-before-profile vs signup-after-profile (app-shell=phone)"))
        #expect(result.standardOutput.contains("\"p0:welcome\" -> \"p0:profile\" [label=\"get_started\", color=\"#d62728\""))
        #expect(result.standardOutput.contains("\"p0:welcome\" -> \"p0:signup\" [label=\"get_started\", color=\"#1f77b4\""))
        #expect(result.standardError.contains("2 combinations"))
    }

    @Test("unknown apps, variants and slots, and bad options, are one located error and a non-zero exit", arguments: [
        (["map", "--app", "nope"], "Error: --app: unknown app \"nope\"; expected one of: \(RegisteredApps.all.map { $0.app.name }.joined(separator: ", "))\n"),
        (["map", "--app", "onboarding", "--variant", "flow=phone"],
         "Error: --variant flow=phone: onboarding has no slot \"flow\"; expected one of: app-shell, auth-flow\n"),
        (["map", "--app", "onboarding", "--variant", "auth-flow=tablet"],
         "Error: --variant auth-flow=tablet: slot \"auth-flow\" of onboarding has no variant \"tablet\"; expected one of: "
            + "signup-after-profile, signup-before-profile\n"),
        (["map", "--app", "onboarding", "--variant", "nope"],
         "Error: --variant nope: onboarding has no variant \"nope\"; expected one of: phone, tablet, signup-after-profile, signup-before-profile (or slot=variant)\n"),
        (["map", "--app", "onboarding", "--route", "get_started > [valid]"], "Error: --route get_started > [valid]: step 2 \"[valid]\": no action before [\n"),
        (["map", "--app", "onboarding", "--route", "[\"get_started\", {\"action\": 3}]"],
         "Error: --route: step 2 (JSON path [1]): expected \"action\": a non-empty string, or \"back\": true\n"),
    ])
    func badInput(arguments: [String], message: String) throws {
        let result = try CLI().run(arguments)
        #expect(result.status == 1)
        #expect(result.standardError == message)
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a usage error names the option", arguments: [["--max-states", "0"], ["--format", "svg"]])
    func usage(options: [String]) throws {
        let result = try CLI().run(["map", "--app", "onboarding"] + options)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: ") && result.standardError.contains(options[0]))
    }

    @Test("a flow larger than the limit prints the partial map and its frontier, and exits 1")
    func limit() throws {
        let result = try CLI().run(["map", "--app", "checkout", "--max-states", "3"])
        #expect(result.status == 1)
        let document = try #require(result.json)
        #expect(document["complete"] as? Bool == false)
        let maps = try #require(document["maps"] as? [[String: Any]])
        #expect(maps.allSatisfy { ($0["frontier"] as? [String])?.isEmpty == false && ($0["states"] as? [Any])?.count == 3 })
        #expect(result.standardError.contains("[state-limit]"))
        #expect(result.standardError.contains("fix: raise --max-states"))
    }

    @Test("a route is followed where the variant offers it and refused at the failing step where it does not")
    func routes() throws {
        let cli = try CLI()
        let result = try cli.run([
            "map", "--app", "onboarding", "--variant", "signup-before-profile", "--variant", "signup-after-profile",
            "--route", "get_started > create_account[valid]",
        ])
        #expect(result.status == 1)
        let routes = try #require(result.json?["routes"] as? [[String: Any]])
        #expect(routes.map { $0["follows"] as? Bool } == [true, false])
        #expect(routes[0]["screen"] as? String == "profile")
        #expect(routes[1]["failedStep"] as? Int == 2)
        #expect(result.standardError.contains(
            "route get_started > create_account[valid] on app-shell=phone, auth-flow=signup-before-profile: opens the flow at \"profile\""))
        #expect(result.standardError.contains("auth-flow=signup-after-profile: refused at step 2 create_account[valid] after start → get_started: "
            + "\"profile\" offers no such turn"))
        let followed = try cli.run(["map", "--app", "onboarding", "--variant", "signup-before-profile", "--route", "[\"get_started\", \"back\"]"])
        #expect(followed.status == 0, "\(followed.standardError)")
        #expect(followed.standardError.contains("opens the flow at \"welcome\""))
    }

    @Test("--out writes the map to a file")
    func outFile() throws {
        let cli = try CLI()
        let result = try cli.run(["map", "--app", "checkout", "--format", "mermaid", "--out", "map.mmd"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        #expect(cli.contents(of: "map.mmd")?.hasPrefix("flowchart LR\n") == true)
    }

    @Test("validate lints every app's map, and names a funnel step a variation never logs with the fix")
    func validateLints() throws {
        let cli = try CLI()
        let clean = try cli.run(["validate", "--config", Repository.experiments])
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.standardOutput.contains("onboarding flow map: 3 combinations"))
        #expect(clean.standardOutput.contains("every lint passed"))

        var config = try String(contentsOfFile: Repository.experiments, encoding: .utf8)
        config = config.replacingOccurrences(
            of: "{ \"name\": \"Started onboarding\", \"type\": \"action\", \"screen\": \"welcome\", \"action\": \"get_started\" }",
            with: "{ \"name\": \"Skipped intro\", \"type\": \"action\", \"screen\": \"welcome\", \"action\": \"skip\" }"
        )
        try config.write(toFile: cli.path("experiments.json"), atomically: true, encoding: .utf8)
        let linted = try cli.run(["validate", "--config", "experiments.json"])
        #expect(linted.status == 1)
        #expect(linted.standardError.hasPrefix("Error: 2 lints found:\n"), "\(linted.standardError)")
        #expect(linted.standardError.contains(
            "onboarding [funnel-step-never-logged] variant signup-after-profile (app-shell=phone, auth-flow=signup-after-profile): "
                + "experiment \"onboarding-order\" counts step 2 \"Skipped intro\" (action screen=welcome action=skip)"))
        #expect(linted.standardError.contains("fix: make signup-after-profile's coordinator offer the action \"skip\" on the screen \"welcome\", "
            + "or change the step in experiments.json"))
        let mapped = try cli.run(["map", "--app", "onboarding", "--config", "experiments.json"])
        #expect(mapped.status == 1)
        #expect((mapped.json?["lints"] as? [[String: Any]])?.count == 2)
    }
}
