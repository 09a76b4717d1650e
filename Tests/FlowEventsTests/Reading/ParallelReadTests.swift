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

    @Test("a filter keeps exactly the events it accepts and counts the others as left out, with or without decoding threads", arguments: [0, 1, 2])
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

    @Test("without decoding threads, several files (one empty) are read in order on the calling thread alone, as sequentially")
    func severalFilesOnTheCallingThread() throws {
        let directory = try TemporaryDirectory()
        let first = try writeMixedLog(in: directory, name: "a.jsonl", events: 12_000, seed: 3)
        let second = try directory.file("b.jsonl", text: "")
        let third = try writeMixedLog(in: directory, name: "c.jsonl", events: 12_000, seed: 4)
        let sequential = try readAll([first, second, third])
        var events: [FlowEvent] = []
        let summary = try FlowEventReader(paths: [first, second, third]).readParallel(workers: 0, keeping: { _ in true }) { kept, leftOut in
            #expect(leftOut == 0)
            events.append(contentsOf: kept)
        }
        #expect(events == sequential.events)
        #expect(summary == sequential.summary)
        #expect(summary.skippedCount(.truncatedLastLine) == 2)
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

    @Test(
        "a field selection leaves out the session, the attribution of other types and the properties not kept, and nothing else",
        arguments: [1, 2]
    )
    func selectedFields(workers: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try writeMixedLog(in: directory, name: "events.jsonl", events: 30_000, seed: 17)
        let sequential = try readAll([path])
        // Keys the corpus uses, so that some properties are kept and some left out.
        let keys = Set(sequential.events.flatMap(\.properties.keys).sorted().prefix(40))
        let attributed: Set<EventType> = [.exposure, .assignment]
        var kept: [FlowEvent] = []
        let selection = EventFieldSelection(keepsSession: false, attributedTypes: attributed, propertyKeys: keys)
        let summary = try FlowEventReader(paths: [path]).readParallel(
            workers: workers, selecting: selection, keeping: { _ in true }
        ) { batch, _ in kept.append(contentsOf: batch) }
        #expect(summary == sequential.summary)
        #expect(kept.count == sequential.events.count)
        var leftOutProperties = 0
        for (read, whole) in zip(kept, sequential.events) {
            var expected = whole
            expected.properties = whole.properties.filter { keys.contains($0.key) }
            var actual = read
            actual.properties = read.properties.filter { keys.contains($0.key) }
            // Lines only the full parser reads, and lines without seq (whose identity is every field), come out
            // whole; the others without their left-out texts.
            if whole.sequence == nil { #expect(read == whole) }
            #expect(read.session == whole.session || read.session.isEmpty)
            actual.session = whole.session
            if attributed.contains(read.type) {
                #expect(read.experiment == whole.experiment && read.variant == whole.variant)
            } else {
                #expect(read.experiment == whole.experiment || read.experiment == nil)
                #expect(read.variant == whole.variant || read.variant == nil)
                actual.experiment = whole.experiment
                actual.variant = whole.variant
            }
            #expect(actual == expected)
            leftOutProperties += whole.properties.count - read.properties.count
        }
        #expect(leftOutProperties > 0)
        #expect(kept.contains { $0.session.isEmpty && !$0.user.isEmpty })
        #expect(kept.contains { !attributed.contains($0.type) && $0.variant == nil }
            && sequential.events.contains { !attributed.contains($0.type) && $0.variant != nil })
    }

    @Test("a line whose left-out text is not valid UTF-8 is skipped as malformed, as when every field is read")
    func leftOutTextIsStillChecked() throws {
        func line(session: [UInt8], note: [UInt8], variant: [UInt8] = Array("v".utf8)) -> [UInt8] {
            Array(#"{"schema":1,"time":"2026-01-01T00:00:00.000Z","session":""#.utf8) + session
                + Array(#"","seq":3,"user":"u","experiment":null,"variant":""#.utf8) + variant
                + Array(#"","type":"screen_shown","screen":"home","action":null,"properties":{"note":""#.utf8)
                + note + Array("\"}}\n".utf8)
        }
        let valid = Array("ok".utf8)
        // 0xFF never appears in UTF-8; 0xC3 must be followed by a continuation byte, not "k".
        let bytes = line(session: valid, note: valid) + line(session: [0x73, 0xFF], note: valid)
            + line(session: valid, note: [0x6F, 0xC3, 0x6B]) + line(session: valid, note: valid, variant: [0x76, 0xFF])
        let directory = try TemporaryDirectory()
        let path = try directory.file("events.jsonl", bytes: bytes)
        let sequential = try readAll([path])
        var kept: [FlowEvent] = []
        let summary = try FlowEventReader(paths: [path]).readParallel(
            workers: 2, selecting: EventFieldSelection(keepsSession: false, attributedTypes: [], propertyKeys: []),
            keeping: { _ in true }
        ) { batch, _ in kept.append(contentsOf: batch) }
        #expect(summary == sequential.summary)
        #expect(summary.skippedCount(.malformed) == 3)
        #expect(kept.count == 1)
        #expect(kept.first?.properties == [:])
        #expect(kept.first?.session == "")
        #expect(kept.first?.variant == nil)
    }

    @Test("a consumer that stops early ends the read at once and can read again", arguments: [0, 1, 2])
    func stoppingEarly(workers: Int) throws {
        struct Enough: Error {}
        let directory = try TemporaryDirectory()
        let path = try writeMixedLog(in: directory, name: "events.jsonl", events: 60_000, seed: 23)
        var batches = 0
        #expect(throws: Enough.self) {
            _ = try FlowEventReader(paths: [path]).readParallel(workers: workers, keeping: { _ in true }) { _, _ in
                batches += 1
                if batches == 2 { throw Enough() }
            }
        }
        #expect(batches == 2)
        let again = try readAllInParallel([path], workers: workers)
        #expect(again.events == (try readAll([path])).events)
    }
}
