import Foundation
import Testing

/// `simulate --id-prefix` writes the ids its help and docs/CLI.md say it writes.
@Suite("Simulated user ids: --id-prefix does what its help and the docs say")
struct SimulatedUserIDTests {
    @Test("--id-prefix P names the users P0, P1, ...: nothing between the prefix and the number, counted from 0",
          arguments: ["pilot-", "pilot", "a b/"])
    func prefixThenNumber(prefix: String) throws {
        let cli = try CLI()
        let result = try cli.run(Repository.simulate(users: 3, events: "named.jsonl", ["--id-prefix", prefix]))
        try #require(result.status == 0, "\(result.standardError)")
        let users = Set(try #require(jsonLines(cli.contents(of: "named.jsonl") ?? "")).compactMap { $0["user"] as? String })
        #expect(users == [prefix + "0", prefix + "1", prefix + "2"])
    }

    @Test("the help's example and default are what simulate writes")
    func helpMatchesOutput() throws {
        let cli = try CLI()
        let help = try cli.run(["simulate", "--help"]).standardOutput
        let text = (help.components(separatedBy: "--id-prefix <prefix>").last ?? "")
            .components(separatedBy: "\n  --").first?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text == "What every user id starts with, followed by the user's number from 0: pilot- names them pilot-0, pilot-1, ... (default: s<seed>-user-).")
        try #require(try cli.run(Repository.simulate(users: 2, events: "named.jsonl", ["--id-prefix", "pilot-"])).status == 0)
        try #require(try cli.run(Repository.simulate(users: 2, events: "seeded.jsonl", ["--seed", "7"])).status == 0)
        func users(_ name: String) throws -> Set<String> {
            Set(try #require(jsonLines(cli.contents(of: name) ?? "")).compactMap { $0["user"] as? String })
        }
        #expect(try users("named.jsonl") == ["pilot-0", "pilot-1"])
        #expect(try users("seeded.jsonl") == ["s7-user-0", "s7-user-1"])
    }

    @Test("docs/CLI.md names the ids --id-prefix writes")
    func docsMatchOutput() throws {
        let docs = try String(contentsOf: Repository.root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        let flattened = docs.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains("`--id-prefix pilot-` writes `pilot-0`, `pilot-1`"))
        #expect(flattened.contains("Simulated user ids carry the seed (`s1-user-42`)"))
        let cli = try CLI()
        try #require(try cli.run(Repository.simulate(users: 43, events: "seeded.jsonl", ["--seed", "1"])).status == 0)
        try #require(try cli.run(Repository.simulate(users: 2, events: "named.jsonl", ["--id-prefix", "pilot-"])).status == 0)
        let seeded = try #require(jsonLines(cli.contents(of: "seeded.jsonl") ?? "")).compactMap { $0["user"] as? String }
        let named = try #require(jsonLines(cli.contents(of: "named.jsonl") ?? "")).compactMap { $0["user"] as? String }
        #expect(seeded.contains("s1-user-42"))
        #expect(Set(named) == ["pilot-0", "pilot-1"])
    }
}
