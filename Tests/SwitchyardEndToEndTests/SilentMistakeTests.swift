import Foundation
import Testing

/// Mistakes that used to be accepted in silence: keys given twice, misspelt names in a behaviour model, a log path
/// that is a broken symbolic link.
@Suite("Silently accepted mistakes, end to end")
struct SilentMistakeTests {
    static let duplicateCoverage = """
        {
          "slots": [{ "id": "app-shell", "default": "phone" }, { "id": "auth-flow", "default": "signup-before-profile" }],
          "experiments": [{
            "key": "onboarding-order", "slot": "auth-flow",
            "variations": ["signup-before-profile", "signup-after-profile"],
            "coverage": 1,
            "coverage": 0
          }]
        }
        """

    @Test("a config with a key given twice is refused with the key's path and line, by validate and by simulate")
    func duplicateKeyInConfig() throws {
        let cli = try CLI()
        try Self.duplicateCoverage.write(toFile: cli.path("experiments.json"), atomically: true, encoding: .utf8)
        let expected = "experiments.json: line 7, column 5: malformed JSON: duplicate key experiments[0].coverage: each key may appear once in an object"
        let validate = try cli.run(["validate", "--config", "experiments.json"])
        #expect(validate.status == 1)
        #expect(validate.standardError.contains(expected), "\(validate.standardError)")
        let simulate = try cli.run(["simulate", "--users", "10", "--config", "experiments.json", "--behavior", Repository.behavior])
        #expect(simulate.status == 1)
        #expect(simulate.standardError.contains(expected))
        #expect(cli.contents(of: "simulation.jsonl") == nil)
    }

    @Test("a behaviour model with a key given twice is refused with its path and line")
    func duplicateKeyInBehaviorModel() throws {
        let cli = try CLI()
        try """
            {"screens": {"signup": {"actions": {"continue": 1}},
              "signup": {"actions": {"abandon": 1}}}}
            """.write(toFile: cli.path("behavior.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["validate", "--config", Repository.experiments, "--behavior", "behavior.json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains(
            "behavior.json: not valid JSON: line 2, column 3: duplicate key screens.signup: each key may appear once in an object"
        ))
    }

    @Test("a behaviour model naming a screen the app never shows or an unknown variant is refused, every typo with its path")
    func misspeltNamesInBehaviorModel() throws {
        let cli = try CLI()
        try """
            {"screens": {"signp": {"actions": {"continue": 1}}, "welcome": {"actions": {"continue": 1}}},
             "variants": {"signup-after-profil": {"signup": {"actions": {"continue": 1}}},
                          "tablet": {"hom": {"actions": {"continue": 1}}}}}
            """.write(toFile: cli.path("behavior.json"), atomically: true, encoding: .utf8)
        let expected = """
            3 problems found:
            behavior.json: screens.signp: unknown screen; the onboarding app shows: welcome, signup, profile, home
            behavior.json: variants.signup-after-profil: unknown variant; expected one of: phone, tablet, signup-after-profile, signup-before-profile
            behavior.json: variants.tablet.hom: unknown screen; the onboarding app shows: welcome, signup, profile, home
            """
        let validate = try cli.run(["validate", "--config", Repository.experiments, "--behavior", "behavior.json"])
        #expect(validate.status == 1)
        #expect(validate.standardError.contains(expected), "\(validate.standardError)")
        let simulate = try cli.run(["simulate", "--users", "10", "--config", Repository.experiments, "--behavior", "behavior.json"])
        #expect(simulate.status == 1)
        for line in expected.split(separator: "\n").dropFirst() {
            #expect(simulate.standardError.contains(line))
        }
    }

    @Test("simulate --events naming a broken symbolic link writes the file the link names and keeps the link")
    func danglingSymbolicLink() throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.path("logs"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cli.path("events.jsonl"), withDestinationPath: "logs/target.jsonl")
        let result = try cli.run(Repository.simulate(users: 20, events: "events.jsonl"))
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: cli.path("events.jsonl")) == "logs/target.jsonl")
        #expect(jsonLines(cli.contents(of: "logs/target.jsonl") ?? "")?.isEmpty == false)
    }
}
