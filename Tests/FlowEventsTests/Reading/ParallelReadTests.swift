import SeededRandom
import Foundation
import Testing
@testable import FlowEvents

@Suite("Parallel reading hands out exactly what sequential reading does")
struct ParallelReadTests {
    /// A multi-megabyte log with canonical and noncanonical lines, skips of every kind and
    /// blank lines spread through it, so chunk boundaries fall everywhere.
    func writeMixedLog(in directory: TemporaryDirectory, name: String, events: Int, seed: UInt64) throws -> String {
        var writer = NoncanonicalLineWriter(seed: seed)
        var random = SplitMix64(seed: seed)
        var text = ""
        for (index, event) in EventCorpus.events(count: events, seed: seed).enumerated() {
            switch Int.random(in: 0..<200, using: &random) {
            case 0: text += "garbage line \(index)\n"
            case 1: text += "\n"
            case 2: text += LineDecoding.canonicalLine(event).replacingOccurrences(of: #""schema":1"#, with: #""schema":3"#) + "\n"
            case 3..<40: text += writer.line(for: event) + "\r\n"
            default: text += JSONLineEncoder.line(for: event)
            }
        }
        return try directory.file(name, text: text + "{\"schema\":1,\"ti")
    }

    @Test("same events, same order, same summary on a multi-megabyte log", arguments: [1, 2, 3])
    func parallelMatchesSequential(workers: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try writeMixedLog(in: directory, name: "events.jsonl", events: 30_000, seed: 99)
        let sequential = try readAll([path])
        let parallel = try readAllInParallel([path], workers: workers)
        #expect(sequential.events.count > 25_000)
        #expect(parallel.events == sequential.events)
        #expect(parallel.summary == sequential.summary)
        #expect(sequential.summary.skippedCount(.truncatedLastLine) == 1)
        #expect(sequential.summary.skippedCount(.malformed) > 0)
        #expect(sequential.summary.skippedCount(.unknownSchemaVersion) > 0)
    }

    @Test("a filter keeps exactly the events it accepts and counts the others as left out", arguments: [1, 2])
    func filteredMatchesSequential(workers: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try writeMixedLog(in: directory, name: "events.jsonl", events: 30_000, seed: 5)
        let sequential = try readAll([path])
        var kept: [FlowEvent] = []
        var leftOut = 0
        let summary = try FlowEventReader(paths: [path]).readParallel(workers: workers, keeping: { $0.type == .screenShown }) {
            kept.append(contentsOf: $0)
            leftOut += $1
        }
        let expected = sequential.events.filter { $0.type == .screenShown }
        #expect(!expected.isEmpty)
        #expect(kept == expected)
        #expect(leftOut == sequential.events.count - expected.count)
        #expect(summary == sequential.summary)
    }

    @Test("across several files, batches keep file order and line numbers restart per file")
    func severalFiles() throws {
        let directory = try TemporaryDirectory()
        let first = try writeMixedLog(in: directory, name: "a.jsonl", events: 12_000, seed: 1)
        let second = try directory.file("b.jsonl", text: "")
        let third = try writeMixedLog(in: directory, name: "c.jsonl", events: 12_000, seed: 2)
        let sequential = try readAll([first, second, third])
        let parallel = try readAllInParallel([first, second, third])
        #expect(parallel.events == sequential.events)
        #expect(parallel.summary == sequential.summary)
        #expect(parallel.summary.skippedCount(.truncatedLastLine) == 2)
    }
}
