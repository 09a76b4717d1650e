import Foundation
import Testing

/// Only a path with nothing at it is an absent config or behaviour model. A loop of symbolic links, a link to
/// nothing or a directory in place of `Configuration/<app>/experiments.json` or `behavior.json` is an error naming
/// the file, for every command that would otherwise run without it, whether `Configuration/` is found from the
/// working directory or named by `SWITCHYARD_CONFIGURATION` (both outside the repository here).
@Suite("A config that is a broken link, a loop or a directory is an error, never absent", .serialized)
struct ConfigurationLinkTests {
    /// What stands in place of a file, and the reason the error gives.
    struct Stand: CustomTestStringConvertible, Sendable {
        var name: String
        var reason: String
        var make: @Sendable (String) throws -> Void

        var testDescription: String { name }
    }

    static let stands: [Stand] = [
        Stand(name: "a link to itself", reason: "is a loop of symbolic links (or a chain longer than the system follows)") { path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: URL(fileURLWithPath: path).lastPathComponent)
        },
        Stand(name: "two links to each other", reason: "is a loop of symbolic links (or a chain longer than the system follows)") { path in
            let other = path + ".other"
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: URL(fileURLWithPath: other).lastPathComponent)
            try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: URL(fileURLWithPath: path).lastPathComponent)
        },
        Stand(name: "a link to nothing", reason: "is a symbolic link to \"gone.json\", which does not exist") { path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "gone.json")
        },
        Stand(name: "a directory", reason: "is a directory, expected a JSON file") { path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        },
    ]

    /// A working directory with a log and `Configuration/onboarding/` holding the bundled files, `file` replaced by
    /// `stand`, under `root` (the working directory itself, or a folder SWITCHYARD_CONFIGURATION will name).
    private func setUp(_ stand: Stand, in file: String, under root: String) throws -> CLI {
        let cli = try CLI()
        let simulated = try cli.run(Repository.simulate(users: 5, events: "log.jsonl"))
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let folder = cli.path("\(root)/Configuration/onboarding")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.experiments, toPath: folder + "/experiments.json")
        try FileManager.default.copyItem(atPath: Repository.behavior, toPath: folder + "/behavior.json")
        try FileManager.default.removeItem(atPath: folder + "/" + file)
        try stand.make(folder + "/" + file)
        return cli
    }

    /// The commands that read the app's experiment config when no --config is given.
    static func configCommands(log: String) -> [[String]] {
        [
            ["simulate", "--app", "onboarding", "--users", "5", "--events", "new.jsonl"],
            ["validate", "--app", "onboarding"],
            ["report", log],
            ["assign", "--app", "onboarding", "--user", "u"],
            ["map", "--app", "onboarding"],
            ["demo", "--app", "onboarding", "--users", "10", "--directory", "demo"],
        ]
    }

    /// Runs `arguments` from `cwd` (relative to the working directory) with `environment`; expects exit status 1,
    /// exactly `error` on standard error, and no event log or demo folder written.
    private func expectRefusal(
        _ cli: CLI, _ arguments: [String], error: String, from cwd: String = ".", environment: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try cli.run(arguments, shellSetup: "cd \(cwd) \(environment)")
        #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.standardError == "Error: \(error)\n", "\(arguments)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: cli.path("\(cwd)/new.jsonl")), "\(arguments)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: cli.path("\(cwd)/demo")), "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test("in place of Configuration/<app>/experiments.json found from the working directory", arguments: stands)
    func configFoundFromWorkingDirectory(stand: Stand) throws {
        let cli = try setUp(stand, in: "experiments.json", under: ".")
        for command in Self.configCommands(log: "log.jsonl") {
            try expectRefusal(cli, command, error: "Configuration/onboarding/experiments.json: \(stand.reason)")
        }
    }

    @Test("in place of experiments.json in a SWITCHYARD_CONFIGURATION folder, run from another folder", arguments: stands)
    func configNamedByEnvironment(stand: Stand) throws {
        let cli = try setUp(stand, in: "experiments.json", under: "elsewhere")
        try FileManager.default.createDirectory(atPath: cli.path("work"), withIntermediateDirectories: false)
        let named = cli.path("elsewhere/Configuration")
        for command in Self.configCommands(log: cli.path("log.jsonl")) {
            try expectRefusal(
                cli, command, error: "\(named)/onboarding/experiments.json: \(stand.reason)",
                from: "work", environment: "&& export SWITCHYARD_CONFIGURATION='\(named)'"
            )
        }
    }

    @Test("in place of Configuration/<app>/behavior.json, for simulate and validate", arguments: stands)
    func behaviorModel(stand: Stand) throws {
        let cli = try setUp(stand, in: "behavior.json", under: ".")
        let error = "Configuration/onboarding/behavior.json: \(stand.reason)"
        try expectRefusal(cli, ["simulate", "--app", "onboarding", "--users", "5", "--events", "new.jsonl"], error: error)
        try expectRefusal(cli, ["validate", "--app", "onboarding"], error: error)
    }

    @Test("a sticky bucket store that is a loop or a link to nothing is an error, not an empty store", arguments: stands.prefix(3))
    func stickyStore(stand: Stand) throws {
        let cli = try CLI()
        try stand.make(cli.path("store.json"))
        try expectRefusal(
            cli, ["assign", "--config", Repository.experiments, "--user", "u", "--sticky-store", "store.json"],
            error: "--sticky-store store.json: \(stand.reason)"
        )
    }

    @Test("a config folder with no experiments.json at all still runs on the app's defaults, as before")
    func absentStillMeansDefaults() throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.path("Configuration/onboarding"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Repository.behavior, toPath: cli.path("Configuration/onboarding/behavior.json"))
        let simulated = try cli.run(["simulate", "--app", "onboarding", "--users", "5", "--events", "new.jsonl"])
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let assigned = try cli.run(["assign", "--app", "onboarding", "--user", "u"])
        #expect(assigned.status == 1)
        #expect(assigned.standardError.contains("Configuration/onboarding/experiments.json does not exist"), "\(assigned.standardError)")
    }

    @Test("an app's folder that is a link to nothing is an error for report, which reads every app's config, never no app")
    func appFolderLinkToNothing() throws {
        let cli = try CLI()
        let simulated = try cli.run(Repository.simulate(users: 5, events: "log.jsonl"))
        #expect(simulated.status == 0, "\(simulated.standardError)")
        try FileManager.default.createDirectory(atPath: cli.path("Configuration"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: cli.path("Configuration/onboarding"), withDestinationPath: "nowhere")
        let result = try cli.run(["report", "log.jsonl"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("Configuration/onboarding/experiments.json"), "\(result.standardError)")
    }
}
