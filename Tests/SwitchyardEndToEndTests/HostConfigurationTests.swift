import Foundation
import Testing

/// What `validate` checks beyond one config: that every configuration folder belongs to an app, that a behaviour
/// model's failure choices can fire on the real flows, and where commands find `Configuration/`.
@Suite("Configuration folders and behaviour models checked against the registered apps, end to end")
struct HostConfigurationTests {
    @Test("a Configuration/ folder no registered app is named after is refused, naming the folder and the fix")
    func unclaimedConfigurationFolder() throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.path("Configuration/shop"), withIntermediateDirectories: true)
        let result = try cli.run(["validate"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("Configuration/shop/: no registered app is named \"shop\""), "\(result.standardError)")
        #expect(result.standardError.contains("register the app module that declares it"))
    }

    @Test("a failValidation choice on a screen whose forms can never fail is refused at its JSON path")
    func unfireableFailureChoice() throws {
        let cli = try CLI()
        try #"{"screens": {"welcome": {"actions": {"continue": 0.9, "failValidation": 0.1}}, "signup": {"actions": {"continue": 0.9, "failValidation": 0.1}}}}"#
            .write(toFile: cli.path("behavior.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["validate", "--config", Repository.experiments, "--behavior", "behavior.json"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("behavior.json: screens.welcome.actions.failValidation: no welcome screen any variant reaches"),
                "\(result.standardError)")
        #expect(!result.standardError.contains("screens.signup"), "signup's email and password can be refused")
    }

    @Test("every command finds Configuration/ from a folder below the package's root, or where SWITCHYARD_CONFIGURATION says")
    func configurationFoundFromBelowAndByName() throws {
        let cli = try CLI()
        let experiments = try String(contentsOfFile: Repository.experiments, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: cli.path("Configuration/onboarding"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.path("Sources/Deep"), withIntermediateDirectories: true)
        try experiments.write(toFile: cli.path("Configuration/onboarding/experiments.json"), atomically: true, encoding: .utf8)
        let below = try cli.run(["assign", "--app", "onboarding", "--user", "u-1"], shellSetup: "cd Sources/Deep")
        #expect(below.status == 0, "\(below.standardError)")
        #expect(below.standardOutput.contains("experiment onboarding-order"), "\(below.standardOutput)")

        let named = try cli.run(["assign", "--app", "onboarding", "--user", "u-1"],
                                shellSetup: "cd Sources/Deep && export SWITCHYARD_CONFIGURATION=\"\(cli.path("elsewhere"))\"")
        #expect(named.status == 1, "the named folder wins, and it holds no config")
        #expect(named.standardError.contains("elsewhere/onboarding/experiments.json does not exist"), "\(named.standardError)")
    }
}
