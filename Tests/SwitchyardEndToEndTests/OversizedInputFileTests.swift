import Foundation
import Testing

/// Every file a command reads has a size limit, checked before the file is read: a 50 MB experiment config or
/// behaviour model is one `Error:` line naming the file, its size and the limit, and `/dev/zero` is read no further
/// than the limit. Event logs are bounded per line by the reader instead (docs/Reliability.md).
@Suite("Files past their size limit are refused before they are read", .serialized)
struct OversizedInputFileTests {
    static let configError = "larger than the 16 MiB limit; expected a JSON file"

    /// Writes the bundled onboarding config, valid but for a 50,000,000-character description, to `path`; returns
    /// the size the error names (`50,001,270 bytes (47.7 MiB)`).
    static func writeLargeConfig(to path: String) throws -> String {
        try writeLarge(from: Repository.experiments, to: path)
    }

    /// Writes the document at `source` with a 50,000,000-character `description` added, to `path`; returns its
    /// size as the error names it.
    static func writeLarge(from source: String, to path: String) throws -> String {
        var document = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: source))) as? [String: Any])
        document["description"] = String(repeating: "x", count: 50_000_000)
        let data = try JSONSerialization.data(withJSONObject: document)
        try data.write(to: URL(fileURLWithPath: path))
        let megabytes = (Double(data.count) / Double(1 << 20) * 10).rounded() / 10
        return "\(data.count.formatted(.number.locale(Locale(identifier: "en_US")))) bytes (\(megabytes) MiB)"
    }

    /// Runs `arguments` and expects exit status 1 and exactly `error` on standard error.
    private func expectRefusal(
        _ cli: CLI, _ arguments: [String], error: String, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let result = try cli.run(arguments, environment: environment)
        #expect(result.status == 1, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.standardError == "Error: \(error)\n", "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test("a 50 MB --config is refused by every command that reads one, naming the file, its size and the limit")
    func largeConfigOption() throws {
        let cli = try CLI()
        let size = try Self.writeLargeConfig(to: cli.path("big.json"))
        let simulated = try cli.run(Repository.simulate(users: 5, events: "log.jsonl"))
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let error = "big.json: is \(size), \(Self.configError)"
        for command in [
            ["validate"], ["assign", "--user", "u"], ["report", "log.jsonl"], ["compare", "log.jsonl", "log.jsonl"],
            ["simulate", "--users", "5", "--behavior", Repository.behavior, "--events", "new.jsonl"],
            ["run", "--variant", "phone", "--events", "new.jsonl"], ["map", "--app", "onboarding"],
        ] {
            try expectRefusal(cli, command + ["--config", "big.json"], error: error)
        }
        #expect(cli.contents(of: "new.jsonl") == nil)
    }

    @Test("a 50 MB --behavior is refused by simulate and validate")
    func largeBehaviorOption() throws {
        let cli = try CLI()
        let size = try Self.writeLarge(from: Repository.behavior, to: cli.path("behavior.json"))
        let error = "behavior.json: is \(size), \(Self.configError)"
        try expectRefusal(
            cli, ["simulate", "--users", "5", "--config", Repository.experiments, "--behavior", "behavior.json", "--events", "new.jsonl"],
            error: error
        )
        try expectRefusal(cli, ["validate", "--config", Repository.experiments, "--behavior", "behavior.json"], error: error)
    }

    @Test("a 50 MB experiments.json or behavior.json in Configuration/<app>/ is refused, found from the working directory or by SWITCHYARD_CONFIGURATION")
    func largeBundledFiles() throws {
        let cli = try CLI()
        let folder = "Configuration/onboarding"
        try FileManager.default.createDirectory(atPath: cli.path(folder), withIntermediateDirectories: true)
        let size = try Self.writeLargeConfig(to: cli.path("\(folder)/experiments.json"))
        try FileManager.default.copyItem(atPath: Repository.behavior, toPath: cli.path("\(folder)/behavior.json"))
        let error = "\(folder)/experiments.json: is \(size), \(Self.configError)"
        try expectRefusal(cli, ["simulate", "--app", "onboarding", "--users", "5", "--events", "new.jsonl"], error: error)
        try expectRefusal(cli, ["validate", "--app", "onboarding"], error: error)

        let named = cli.path("Configuration")
        let elsewhere = ["SWITCHYARD_CONFIGURATION": named]
        try expectRefusal(cli, ["assign", "--app", "onboarding", "--user", "u"], error: "\(named)/onboarding/experiments.json: is \(size), \(Self.configError)",
                          environment: elsewhere)

        try FileManager.default.copyItem(atPath: Repository.experiments, toPath: cli.path("\(folder)/small.json"))
        try FileManager.default.removeItem(atPath: cli.path("\(folder)/experiments.json"))
        try FileManager.default.moveItem(atPath: cli.path("\(folder)/small.json"), toPath: cli.path("\(folder)/experiments.json"))
        let behaviorSize = try Self.writeLarge(from: Repository.behavior, to: cli.path("\(folder)/behavior.json"))
        try expectRefusal(
            cli, ["simulate", "--app", "onboarding", "--users", "5", "--events", "new.jsonl"],
            error: "\(folder)/behavior.json: is \(behaviorSize), \(Self.configError)"
        )
    }

    @Test("an endless device as --config, --behavior or --input is read up to the limit and refused", arguments: ["/dev/zero", "/dev/urandom"])
    func endlessDevices(device: String) throws {
        let cli = try CLI()
        let error = "\(device): is a character device giving more than the 16 MiB limit; expected a JSON file"
        try expectRefusal(cli, ["validate", "--config", device], error: error)
        try expectRefusal(cli, ["assign", "--config", device, "--user", "u"], error: error)
        try expectRefusal(cli, ["validate", "--config", Repository.experiments, "--behavior", device], error: error)
        try expectRefusal(
            cli, ["run", "--config", Repository.experiments, "--variant", "phone", "--input", device, "--events", "new.jsonl"],
            error: "--input \(device): is a character device giving more than the 16 MiB limit; expected a text file of answers"
        )
    }

    @Test("a sticky bucket store past 1 GiB, or a device, is refused; a counts file past 1 GiB too")
    func largerLimits() throws {
        let cli = try CLI()
        for (name, size) in [("store.json", (1 << 31)), ("counts.csv", (1 << 30) + 1)] {
            #expect(FileManager.default.createFile(atPath: cli.path(name), contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: cli.path(name)))
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
        }
        try expectRefusal(
            cli, ["assign", "--config", Repository.experiments, "--user", "u", "--sticky-store", "store.json"],
            error: "--sticky-store store.json: is 2,147,483,648 bytes (2 GiB), larger than the 1 GiB limit; expected a sticky bucket store file (JSON)"
        )
        try expectRefusal(
            cli, ["assign", "--config", Repository.experiments, "--user", "u", "--sticky-store", "/dev/zero"],
            error: "--sticky-store /dev/zero: is a character device, expected a sticky bucket store file (JSON)"
        )
        try expectRefusal(
            cli, ["report", "--counts", "counts.csv", "--config", Repository.experiments],
            error: "--counts counts.csv: is 1,073,741,825 bytes (1024.0 MiB), larger than the 1 GiB limit; expected the CSV or JSON output of the `switchyard sql` query"
        )
    }
}
