import SeededRandom
import Foundation
import Testing

@Suite("switchyard report on logs whose lines arrive out of order", .serialized)
struct OutOfOrderLogTests {
    /// The part of a JSON report that holds every number: from `"experiments"` up to `"inputs"`, which names the files.
    private func experimentsSection(_ json: String) -> Substring? {
        guard let start = json.range(of: "\"experiments\""), let end = json.range(of: "\"inputs\"") else { return nil }
        return json[start.lowerBound..<end.lowerBound]
    }

    @Test("a simulated log shuffled line by line, reversed, or split into interleaved files gives byte-identical numbers")
    func reorderedSimulation() throws {
        let cli = try CLI()
        #expect(try cli.run(Repository.simulate(users: 1500, events: "log.jsonl")).status == 0)
        let lines = try #require(cli.contents(of: "log.jsonl")).split(separator: "\n", omittingEmptySubsequences: true)
        var generator = SplitMix64(seed: 42)
        try (lines.shuffled(using: &generator).joined(separator: "\n") + "\n").write(toFile: cli.path("shuffled.jsonl"), atomically: true, encoding: .utf8)
        try (lines.reversed().joined(separator: "\n") + "\n").write(toFile: cli.path("reversed.jsonl"), atomically: true, encoding: .utf8)
        for part in 0..<3 {
            let partLines = lines.indices.filter { $0 % 3 == part }.map { lines[$0] }
            try (partLines.joined(separator: "\n") + "\n").write(toFile: cli.path("part\(part).jsonl"), atomically: true, encoding: .utf8)
        }
        func report(_ files: [String]) throws -> String {
            let result = try cli.run(["report"] + files + ["--config", Repository.experiments, "--format", "json"])
            #expect(result.status == 0, "\(result.standardError)")
            return result.standardOutput
        }
        let inOrder = try report(["log.jsonl"])
        #expect(!inOrder.contains("out of time order"))
        let expected = try #require(experimentsSection(inOrder))
        #expect(expected.contains("\"goal_conversions\""))
        for files in [["shuffled.jsonl"], ["reversed.jsonl"], ["part0.jsonl", "part1.jsonl", "part2.jsonl"]] {
            let reordered = try report(files)
            #expect(experimentsSection(reordered) == expected, "\(files)")
            #expect(reordered.contains("arrived out of time order"), "\(files)")
        }
    }
}
