import Foundation
import Testing

/// An app's scenarios: folders of `Configuration/<app>/` holding an experiment config and a behaviour model of their
/// own, which `demo` runs after the app's own files and `validate` checks with them. Set up outside the repository,
/// in a configuration folder `SWITCHYARD_CONFIGURATION` names.
@Suite("Scenarios: the folders of an app's configuration that demo runs and validate checks")
struct ScenarioTests {
    /// `Configuration/onboarding/` with the repository's files of that app, a scenario `weekly` (the same files), a
    /// folder with a config alone and one whose name holds a space (neither is a scenario).
    static func setUp() throws -> (cli: CLI, environment: [String: String]) {
        let cli = try CLI()
        let folder = cli.path("Configuration/onboarding")
        for scenario in ["", "/weekly", "/half", "/not one"] {
            try FileManager.default.createDirectory(atPath: folder + scenario, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Repository.experiments, toPath: folder + scenario + "/experiments.json")
            if scenario != "/half" {
                try FileManager.default.copyItem(atPath: Repository.behavior, toPath: folder + scenario + "/behavior.json")
            }
        }
        return (cli, ["SWITCHYARD_CONFIGURATION": cli.path("Configuration")])
    }

    @Test("demo runs the app's files, then each scenario into <app>/<scenario>/; with --config, no scenario")
    func demoRunsScenarios() throws {
        let (cli, environment) = try Self.setUp()
        let demo = try cli.run(["demo", "--app", "onboarding", "--users", "200", "--directory", "demo"], environment: environment)
        try #require(demo.status == 0, "\(demo.standardError)")
        let headings = demo.standardOutput.split(separator: "\n").filter { $0.hasPrefix("== ") }
        #expect(headings == ["== onboarding", "== onboarding: weekly"], "\(headings)")
        for folder in ["demo/onboarding", "demo/onboarding/weekly"] {
            #expect(FileManager.default.fileExists(atPath: cli.path(folder + "/events.jsonl")), "\(folder)")
            #expect(FileManager.default.fileExists(atPath: cli.path(folder + "/report.html")), "\(folder)")
        }
        #expect(!FileManager.default.fileExists(atPath: cli.path("demo/onboarding/half")))
        #expect(demo.standardOutput.components(separatedBy: "Verdict: ").count == 3)

        let given = try cli.run(
            ["demo", "--app", "onboarding", "--users", "200", "--directory", "given", "--config", Repository.experiments, "--behavior", Repository.behavior],
            environment: environment
        )
        try #require(given.status == 0, "\(given.standardError)")
        #expect(!given.standardOutput.contains("== onboarding: weekly"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("given/onboarding/weekly")))
    }

    @Test("validate checks each scenario's config and behaviour model, and names it in its flow map line")
    func validateChecksScenarios() throws {
        let (cli, environment) = try Self.setUp()
        let valid = try cli.run(["validate", "--app", "onboarding"], environment: environment)
        try #require(valid.status == 0, "\(valid.standardError)")
        #expect(valid.standardOutput.contains("Configuration/onboarding/weekly/experiments.json: valid for onboarding"))
        #expect(valid.standardOutput.contains("Configuration/onboarding/weekly/behavior.json: valid"))
        #expect(valid.standardOutput.contains("onboarding (\(cli.path("Configuration/onboarding/weekly/experiments.json"))) flow map: "))
        // A mistake in a scenario's behaviour model is found as in the app's own.
        try #"{"screens": {"welcome": {"actions": {"continue": 0.7}}}}"#
            .write(toFile: cli.path("Configuration/onboarding/weekly/behavior.json"), atomically: true, encoding: .utf8)
        let refused = try cli.run(["validate", "--app", "onboarding"], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("Configuration/onboarding/weekly/behavior.json"), "\(refused.standardError)")
    }
}
