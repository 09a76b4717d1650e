import Foundation
import Testing

@Suite("validate reports every mistake of every file at once, and says where it looked for a config it cannot find")
struct ValidateEveryMistakeTests {
    @Test("a behaviour model's malformed choice, unknown screen and choice no flow can take are reported together")
    func behaviorModel() throws {
        let cli = try CLI()
        try #"""
            {"screens": {
                "signup": {"actions": {"continue": 0.5, "abandon": 0.2}},
                "singup": {"actions": {"continue": 1}},
                "welcome": {"actions": {"continue": 0.9, "failValidation": 0.1}}
            }}
            """#.write(toFile: cli.path("bad.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["validate", "--config", Repository.experiments, "--behavior", "bad.json"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.first == "Error: 3 problems found:", "\(result.standardError)")
        #expect(lines.contains("bad.json: screens.signup.actions: probabilities sum to 0.7, expected 1"))
        #expect(lines.contains("bad.json: screens.singup: unknown screen; the onboarding app shows: welcome, signup, profile, home"))
        #expect(lines.contains { $0.hasPrefix("bad.json: screens.welcome.actions.failValidation: no welcome screen any variant reaches has a form") })
    }

    @Test("a broken config and a broken behaviour model are reported together")
    func configAndModel() throws {
        let cli = try CLI()
        let bundled = try String(contentsOfFile: Repository.experiments, encoding: .utf8)
        try bundled.replacingOccurrences(of: #""signup-after-profile""#, with: #""signup-later""#)
            .write(toFile: cli.path("experiments.json"), atomically: true, encoding: .utf8)
        try #"{"screens": {"singup": {"actions": {"continue": 1}}}}"#.write(toFile: cli.path("behavior.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["validate", "--config", "experiments.json", "--behavior", "behavior.json"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: "), "\(result.standardError)")
        #expect(result.standardError.contains("experiments.json: "), "\(result.standardError)")
        #expect(result.standardError.contains("signup-later"), "\(result.standardError)")
        #expect(result.standardError.contains("behavior.json: screens.singup: unknown screen"), "\(result.standardError)")
    }

    @Test("outside any package, each app's missing config says where it was looked for and how to point at one")
    func notFound() throws {
        let cli = try CLI()
        let result = try cli.run(["validate"])
        #expect(result.status == 1)
        let folder = URL(fileURLWithPath: cli.directory.path).resolvingSymlinksInPath().path
        for app in ["checkout", "onboarding"] {
            #expect(result.standardError.contains(
                "no experiment config for \(app): Configuration/\(app)/experiments.json does not exist (no Configuration folder in \(folder) "
                    + "or a folder above it, and SWITCHYARD_CONFIGURATION is not set); run inside the package holding Configuration/, set "
                    + "SWITCHYARD_CONFIGURATION to the folder holding <app>/experiments.json and <app>/behavior.json, or pass --config"
            ), "\(result.standardError)")
        }
        let named = try cli.run(["validate", "--app", "checkout"], environment: ["SWITCHYARD_CONFIGURATION": cli.path("nowhere")])
        #expect(named.standardError == "Error: no experiment config for checkout: \(cli.path("nowhere"))/checkout/experiments.json does not exist "
            + "(SWITCHYARD_CONFIGURATION names \(cli.path("nowhere"))); run inside the package holding Configuration/, set "
            + "SWITCHYARD_CONFIGURATION to the folder holding <app>/experiments.json and <app>/behavior.json, or pass --config\n")
    }
}
