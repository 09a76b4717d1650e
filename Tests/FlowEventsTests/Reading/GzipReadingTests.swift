import CZlib
import Foundation
import Testing
@testable import FlowEvents

@Suite("Paths ending in .gz are decompressed as they are read")
struct GzipReadingTests {
    /// Compresses `text` with zlib into a gzip file called `name` and returns its path.
    func gzipFile(_ name: String, text: String, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/" + name
        let file = try #require(gzopen(path, "wb"))
        var bytes = Array(text.utf8)
        let written = bytes.withUnsafeMutableBytes { gzwrite(file, $0.baseAddress, UInt32($0.count)) }
        #expect(gzclose(file) == Z_OK)
        #expect(Int(written) == bytes.count || bytes.isEmpty)
        return path
    }

    @Test("a gzip log reads as the same events and summary as its plain text, sequentially and in parallel")
    func gzipMatchesPlain() throws {
        let directory = try TemporaryDirectory()
        var writer = NoncanonicalLineWriter(seed: 8)
        let events = EventCorpus.events(count: 20_000, seed: 8)
        let text = events.enumerated().map { index, event in
            index % 7 == 0 ? writer.line(for: event) + "\n" : JSONLineEncoder.line(for: event)
        }.joined() + "broken\n"
        let plain = try directory.file("events.jsonl", text: text)
        let compressed = try gzipFile("events.jsonl.gz", text: text, in: directory)
        let plainRead = try readAll([plain])
        let gzipRead = try readAll([compressed])
        #expect(gzipRead.events == events)
        #expect(gzipRead.events == plainRead.events)
        #expect(gzipRead.summary.description == "1 malformed line skipped (\(compressed):20001)")
        let parallelRead = try readAllInParallel([compressed])
        #expect(parallelRead.events == events)
        #expect(parallelRead.summary == gzipRead.summary)
    }

    @Test("a gzip file cut short is an error naming the byte where the stream ends, sequentially and in parallel")
    func truncatedGzip() throws {
        let directory = try TemporaryDirectory()
        let events = EventCorpus.events(count: 5_000, seed: 9)
        let full = try gzipFile("full.jsonl.gz", text: events.map { JSONLineEncoder.line(for: $0) }.joined(), in: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: full))
        let cut = try directory.file("cut.jsonl.gz", bytes: Array(bytes.prefix(bytes.count / 2)))
        for read in [{ _ = try readAll([cut]) }, { _ = try readAllInParallel([cut]) }] {
            #expect {
                try read()
            } throws: { error in
                guard let error = error as? FlowEventReadError else { return false }
                return error.path == cut
                    && error.reason.hasPrefix("the gzip stream is cut short: the file ends at byte \(bytes.count / 2)")
                    && error.reason.contains("the events compressed after that are lost")
            }
        }
    }

    @Test("a file holding only a gzip header is an error, not an empty log")
    func gzipHeaderOnly() throws {
        let directory = try TemporaryDirectory()
        let full = try gzipFile("full.jsonl.gz", text: JSONLineEncoder.line(for: EventCorpus.events(count: 1, seed: 3)[0]), in: directory)
        let header = try directory.file("header.jsonl.gz", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: full)).prefix(10)))
        #expect {
            _ = try readAll([header])
        } throws: { error in
            (error as? FlowEventReadError)?.reason.hasPrefix("the gzip stream is cut short: the file ends at byte 10") == true
        }
    }

    @Test("an empty .gz file reads as an empty log")
    func emptyGzipFile() throws {
        let directory = try TemporaryDirectory()
        let empty = try directory.file("empty.jsonl.gz", bytes: [])
        let (read, summary) = try readAll([empty])
        #expect(read.isEmpty)
        #expect(summary.isClean)
    }

    @Test("corrupt gzip data throws an error naming the path")
    func corruptGzip() throws {
        let directory = try TemporaryDirectory()
        let events = EventCorpus.events(count: 2_000, seed: 10)
        let full = try gzipFile("full.jsonl.gz", text: events.map { JSONLineEncoder.line(for: $0) }.joined(), in: directory)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: full)))
        for index in stride(from: 40, to: bytes.count - 20, by: 97) { bytes[index] ^= 0x5A }
        let corrupt = try directory.file("corrupt.jsonl.gz", bytes: bytes)
        #expect {
            _ = try readAll([corrupt])
        } throws: { error in
            (error as? FlowEventReadError)?.path == corrupt
        }
    }
}
