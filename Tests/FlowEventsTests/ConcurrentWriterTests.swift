import FlowEvents
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several sinks appending to one log at once, as `simulate --append` in several processes does: the log must
/// hold exactly the lines written, whole, whichever sink opens the file while another's append is in progress.
@Suite("JSON Lines file sink: concurrent writers")
struct ConcurrentWriterTests {
    private static func event(_ user: String, _ index: Int) -> FlowEvent {
        FlowEvent(
            time: EventTimestamp(millisecondsSince1970: Int64(index)), session: "s-\(user)", user: user,
            type: .screenShown, screen: "welcome"
        )
    }

    private static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("concurrent-\(UUID().uuidString).jsonl").path
    }

    /// What the writer threads share with the test.
    private final class Shared: Sendable {
        let errors = Mutex<[String]>([])
        let writersLeft: Atomic<Int>
        let opened = Atomic<Int>(0)

        init(writers: Int) {
            writersLeft = Atomic(writers)
        }

        func record(_ error: any Error) {
            errors.withLock { $0.append("\(error)") }
        }

        var recordedErrors: [String] { errors.withLock { $0 } }
    }

    /// Runs `body` on a thread of its own, so that the writers really run at the same time, and returns a
    /// semaphore signalled when it is done.
    private static func onThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.start()
        return done
    }

    @Test("sinks opened while others append megabytes add exactly their lines: no blank line, no broken line")
    func sinksOpenedDuringAppends() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Appends of 1 MiB each: long enough that a sink opening the file often finds one in progress, the file
        // ending mid-line, which is what an earlier version took for a line cut short and ended with a newline.
        let line = JSONLineEncoder.line(for: Self.event("bulk", 0))
        let block = Array(String(repeating: line, count: (1 << 20) / line.utf8.count).utf8)
        let blocksPerWriter = 16
        let writers = 2
        let shared = Shared(writers: writers)

        var done: [DispatchSemaphore] = []
        for _ in 0..<writers {
            done.append(Self.onThread {
                do {
                    let sink = try JSONLinesFileSink(path: path)
                    for _ in 0..<blocksPerWriter { try sink.write(encodedLines: block) }
                } catch {
                    shared.record(error)
                }
                shared.writersLeft.subtract(1, ordering: .releasing)
            })
        }
        // Opens a sink, logs one event and closes it, over and over while the writers append; at least a few
        // times even when the writers finish first on a busy machine.
        done.append(Self.onThread {
            var index = 0
            while shared.writersLeft.load(ordering: .acquiring) > 0 || index < 8 {
                do {
                    let sink = try JSONLinesFileSink(path: path)
                    try sink.record(Self.event("opener", index))
                    try sink.flush()
                } catch {
                    shared.record(error)
                }
                index += 1
            }
            shared.opened.store(index, ordering: .releasing)
        })
        for semaphore in done { semaphore.wait() }
        #expect(shared.recordedErrors.isEmpty, "\(shared.recordedErrors)")

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        #expect(bytes.last == UInt8(ascii: "\n"))
        let openerLines = shared.opened.load(ordering: .acquiring)
        let bulkLines = writers * blocksPerWriter * (block.count / line.utf8.count)
        let blankLines = lines.dropLast().filter(\.isEmpty).count
        #expect(blankLines == 0, "\(blankLines) blank lines among \(lines.count - 1)")
        #expect(lines.count - 1 == bulkLines + openerLines)
        var read: [FlowEvent] = []
        let summary = try FlowEventReader(paths: [path]).read { read.append($0) }
        #expect(summary.isClean, "\(summary)")
        #expect(read.count == bulkLines + openerLines)
        #expect(Set(read.filter { $0.user == "opener" }.map(\.time.millisecondsSince1970)) == Set((0..<openerLines).map(Int64.init)))
    }

    @Test("a sink that finds the file ending mid-line under another writer's append waits for that append, then adds no newline")
    func waitsForAnAppendInProgress() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = JSONLineEncoder.line(for: Self.event("other", 0))
        let second = JSONLineEncoder.line(for: Self.event("sink", 1))
        // Another writer, halfway through its append: it holds the shared lock every append holds.
        let other = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        try #require(other >= 0)
        defer { close(other) }
        try #require(flock(other, LOCK_SH) == 0)
        let half = Array(first.utf8.prefix(40)), rest = Array(first.utf8.dropFirst(40))
        try #require(write(other, half, half.count) == half.count)

        let shared = Shared(writers: 0)
        let flushed = Self.onThread {
            do {
                let sink = try JSONLinesFileSink(path: path)
                try sink.record(Self.event("sink", 1))
                try sink.flush()
            } catch {
                shared.record(error)
            }
        }
        // The sink cannot append while the other append holds the file. Had it decided without the lock that the
        // line is cut short, its newline would already be in the middle of the other writer's line.
        let waited = flushed.wait(timeout: .now() + .milliseconds(300)) == .timedOut
        #expect(waited, "the sink appended while another writer's append held the file")
        try #require(write(other, rest, rest.count) == rest.count)
        flock(other, LOCK_UN)
        if waited { flushed.wait() }
        #expect(shared.recordedErrors.isEmpty, "\(shared.recordedErrors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == first + second)
    }
}
