import Foundation
import Testing
@testable import FlowEvents

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A log that another process truncates while it is read: an error saying so, never a signal.
@Suite("Reading a file that shrinks or grows while it is read")
struct ShrinkingFileTests {
    /// A log of `count` events, several reading chunks long.
    func largeLog(in directory: TemporaryDirectory, count: Int = 120_000) throws -> (path: String, events: [FlowEvent]) {
        let events = EventCorpus.events(count: count, seed: 21)
        let path = try directory.file("events.jsonl", text: events.map { JSONLineEncoder.line(for: $0) }.joined())
        return (path, events)
    }

    /// Whether `error` is the reader's error for `path` shrinking to `size` bytes.
    func isShrinkError(_ error: any Error, path: String, size: Int) -> Bool {
        guard let error = error as? FlowEventReadError else { return false }
        return error.path == path && error.reason.hasPrefix("the file shrank while being read")
            && error.reason.contains("is \(size) bytes now")
    }

    @Test("a file truncated during a sequential read is an error saying it shrank")
    func truncatedDuringSequentialRead() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try largeLog(in: directory)
        var truncated = false
        #expect {
            _ = try FlowEventReader(paths: [path]).read { _ in
                if !truncated {
                    truncated = true
                    #expect(truncate(path, 1000) == 0)
                }
            }
        } throws: { error in
            isShrinkError(error, path: path, size: 1000)
        }
    }

    @Test("a file truncated during a parallel read is an error saying it shrank, not a crash")
    func truncatedDuringParallelRead() throws {
        let directory = try TemporaryDirectory()
        let (path, _) = try largeLog(in: directory)
        var truncated = false
        #expect {
            _ = try FlowEventReader(paths: [path]).readParallel(workers: 2) { _ in
                if !truncated {
                    truncated = true
                    #expect(truncate(path, 1000) == 0)
                }
            }
        } throws: { error in
            isShrinkError(error, path: path, size: 1000)
        }
    }

    @Test("lines appended while a file is read are left for the next read, sequentially and in parallel")
    func appendedDuringRead() throws {
        let directory = try TemporaryDirectory()
        let (path, events) = try largeLog(in: directory)
        let extra = JSONLineEncoder.line(for: EventCorpus.events(count: 1, seed: 22)[0])
        func append() throws {
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(extra.utf8))
            try handle.close()
        }
        var sequentialCount = 0
        var appended = false
        _ = try FlowEventReader(paths: [path]).read { _ in
            sequentialCount += 1
            if !appended {
                appended = true
                try append()
            }
        }
        #expect(sequentialCount == events.count)
        var parallelCount = 0
        appended = false
        _ = try FlowEventReader(paths: [path]).readParallel(workers: 2) { batch in
            parallelCount += batch.count
            if !appended {
                appended = true
                try append()
            }
        }
        #expect(parallelCount == events.count + 1)
    }
}
