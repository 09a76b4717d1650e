#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends events to a JSON Lines file, buffering whole lines and writing them with one `write`.
///
/// The file is opened with `O_APPEND`, so several processes can log to the same file: each
/// flush is a single append of whole lines, which the kernel never interleaves with another
/// process's append. A crash loses at most what was buffered since the last flush, and can
/// leave at most one partial last line, which `FlowEventReader` skips and counts; a sink opened
/// on a file so cut short starts with a line break, so the partial line never swallows the next.
///
/// A file that ends mid-line may also be another writer's append caught in progress. Every
/// append holds a shared `flock` on the file, and a sink decides that the last line was cut
/// short, and ends it, only under an exclusive one, when no append can be in progress.
public final class JSONLinesFileSink: FlowEventSink {
    /// How hard `flush()` tries to make data survive a crash.
    public enum Durability: Sendable {
        /// Hand the bytes to the kernel: they survive the process dying, not the machine.
        case processCrash
        /// Also `fsync` the file: they survive the machine losing power.
        case machineCrash
    }

    /// What becomes of written bytes in the kernel's page cache.
    public enum CacheRetention: Sendable {
        /// They stay cached, as after any write, so a log read again soon is read from memory.
        case keep
        /// Every few MiB, the pages written are handed to write-back and dropped from the cache
        /// once written back, so that a log of gigabytes written once neither fills memory with
        /// cached pages nor makes the kernel find fresh memory for every page. Linux only;
        /// elsewhere the same as `keep`.
        case dropBehind
    }

    /// The path of the file.
    public let path: String
    private let durability: Durability
    private let cacheRetention: CacheRetention
    /// Where the file ended at the last two times its pages were released (`dropBehind`).
    private var releasedUpTo: (older: off_t, newer: off_t) = (0, 0)
    private let bufferLimit: Int
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// A descriptor for reading the file's last byte, open while the file may end in a line cut short:
    /// it ended mid-line when the sink opened it, and whether that line is cut short or another writer's
    /// append in progress is decided before the first append.
    private var cutLineReader: Int32?

    /// Opens (creating if needed) the file at `path` for appending.
    ///
    /// - Parameters:
    ///   - path: the file to append to, created if missing.
    ///   - durability: how hard `flush()` tries to make data survive a crash.
    ///   - bufferLimit: bytes buffered before an automatic flush; a flush always ends on a line.
    ///   - cacheRetention: whether written pages stay in the page cache.
    /// - Throws: `EventSinkError` naming the path and the system's reason when it cannot be opened.
    public init(
        path: String,
        durability: Durability = .processCrash,
        bufferLimit: Int = 1 << 16,
        cacheRetention: CacheRetention = .keep
    ) throws(EventSinkError) {
        self.path = path
        self.durability = durability
        self.cacheRetention = cacheRetention
        self.bufferLimit = max(bufferLimit, 1)
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw EventSinkError(destination: path, reason: "cannot open for appending: \(Self.systemMessage())")
        }
        var status = stat()
        if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
            close(fd)
            throw EventSinkError(destination: path, reason: "not a regular file")
        }
        descriptor = fd
        buffer.reserveCapacity(self.bufferLimit + 4096)
        if status.st_size > 0 {
            let reader = open(path, O_RDONLY | O_CLOEXEC)
            if reader >= 0 {
                if Self.endsInNewline(reader, size: status.st_size) {
                    close(reader)
                } else {
                    cutLineReader = reader
                }
            }
        }
    }

    deinit {
        try? flush()
        close(descriptor)
        if let cutLineReader { close(cutLineReader) }
    }

    /// Records `event`, or throws without writing anything when it is larger than ``FlowEventLimits`` allow.
    public func record(_ event: FlowEvent) throws(EventSinkError) {
        if let violation = FlowEventLimits.violation(in: event) {
            throw EventSinkError(destination: path, reason: "a \(event.type.rawValue) event was not written: \(violation)")
        }
        JSONLineEncoder.append(event, to: &buffer)
        if buffer.count >= bufferLimit { try flush() }
    }

    /// Appends bytes that already hold whole JSON lines, each ending in a newline.
    ///
    /// - Throws: `EventSinkError`, writing none of the bytes, when a line is longer than the reader reads.
    public func append(encodedLines: some Collection<UInt8>) throws(EventSinkError) {
        try checkLineLengths(encodedLines)
        buffer.append(contentsOf: encodedLines)
        if buffer.count >= bufferLimit { try flush() }
    }

    /// Writes bytes that already hold whole JSON lines, each ending in a newline, after what is
    /// buffered: `append(encodedLines:)` then `flush()`, but without copying them into the buffer.
    ///
    /// - Throws: `EventSinkError`, writing none of the bytes, when a line is longer than the reader reads.
    public func write(encodedLines: some Collection<UInt8>) throws(EventSinkError) {
        try checkLineLengths(encodedLines)
        try writeChecked(encodedLines)
    }

    /// Writes bytes that already hold whole JSON lines, as `write(encodedLines:)` does, whose longest line,
    /// its newline left out, their encoder measured as `longestLine` bytes: they are not read again to find it.
    package func write(encodedLines: some Collection<UInt8>, longestLine: Int) throws(EventSinkError) {
        try refuseLines(ofLength: longestLine)
        try writeChecked(encodedLines)
    }

    /// Writes lines whose lengths were checked.
    private func writeChecked(_ encodedLines: some Collection<UInt8>) throws(EventSinkError) {
        if buffer.isEmpty, let failure = encodedLines.withByteViewIfAvailable({ append($0) }) {
            if let failure {
                buffer.append(contentsOf: encodedLines.dropFirst(failure.written))
                throw failure.error
            }
            try syncIfDurable()
            releaseWrittenPages()
            return
        }
        buffer.append(contentsOf: encodedLines)
        try flush()
    }

    public func flush() throws(EventSinkError) {
        guard !buffer.isEmpty else { return }
        if let failure = buffer.withByteView({ append($0) }) {
            buffer.removeFirst(failure.written)
            throw failure.error
        }
        buffer.removeAll(keepingCapacity: true)
        try syncIfDurable()
        releaseWrittenPages()
    }

    /// Refuses lines the reader would skip as oversized: the writer never produces what the reader refuses.
    private func checkLineLengths(_ lines: some Collection<UInt8>) throws(EventSinkError) {
        let longest = lines.withByteViewIfAvailable { FlowEventLimits.longestLine(in: $0) }
            ?? Array(lines).withByteView { FlowEventLimits.longestLine(in: $0) }
        try refuseLines(ofLength: longest)
    }

    /// Refuses lines of `longest` bytes, newline left out, if the reader would skip them.
    private func refuseLines(ofLength longest: Int) throws(EventSinkError) {
        if longest > FlowEventReader.maximumLineLength {
            throw EventSinkError(
                destination: path,
                reason: "an event line of \(longest) bytes was not written: the reader reads lines of at most "
                    + "\(FlowEventReader.maximumLineLength) bytes"
            )
        }
    }

    /// A failed write, and how many bytes were written before it.
    private struct PartialWrite {
        var error: EventSinkError
        var written: Int
    }

    /// Appends `bytes` to the file holding its lock: shared, or exclusive while a line the file was opened with
    /// may need ending first. Returns what went wrong, if anything.
    private func append(_ bytes: ByteView) -> PartialWrite? {
        let locked = Self.lock(descriptor, cutLineReader == nil ? LOCK_SH : LOCK_EX)
        defer { if locked { _ = flock(descriptor, LOCK_UN) } }
        endCutLine()
        return writeAll(bytes)
    }

    /// Takes `operation` (`LOCK_SH` or `LOCK_EX`) on the file, waiting for it; false when the file system
    /// has no locks, in which case appends go ahead unlocked as they would on their own.
    private static func lock(_ descriptor: Int32, _ operation: Int32) -> Bool {
        while flock(descriptor, operation) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Writes all of `bytes`, retrying interrupted writes; returns what went wrong, if anything.
    private func writeAll(_ bytes: ByteView) -> PartialWrite? {
        var written = 0
        while written < bytes.count {
            let result = bytes.bytes(written..<bytes.count).write(toFile: descriptor)
            if result < 0 {
                if errno == EINTR { continue }
                return PartialWrite(error: EventSinkError(destination: path, reason: "write failed: \(Self.systemMessage())"), written: written)
            }
            written += result
        }
        return nil
    }

    private func syncIfDurable() throws(EventSinkError) {
        if durability == .machineCrash, fsync(descriptor) != 0 {
            throw EventSinkError(destination: path, reason: "fsync failed: \(Self.systemMessage())")
        }
    }

    /// With `dropBehind`, once another stride of the file is written: starts write-back of its
    /// pages, and drops from the cache the pages of the stride before, whose write-back was started
    /// last time and has had a stride's worth of writing to finish. Advice only: nothing fails.
    private func releaseWrittenPages() {
        #if os(Linux)
        guard cacheRetention == .dropBehind else { return }
        let end = lseek(descriptor, 0, SEEK_CUR)
        guard end - releasedUpTo.newer >= Self.dropBehindStride else { return }
        // POSIX_FADV_DONTNEED starts write-back of dirty pages and drops the clean ones.
        _ = posix_fadvise(descriptor, releasedUpTo.older, end - releasedUpTo.older, POSIX_FADV_DONTNEED)
        releasedUpTo = (releasedUpTo.newer, end)
        #endif
    }

    /// How much is written between two releases of written pages.
    private static let dropBehindStride: off_t = 8 << 20

    /// Ends the last line the file was opened with, when it was cut short (a crash, a full disk), so that it does
    /// not swallow the first line appended after it. Called under the exclusive lock, when no other writer's
    /// append is in progress: a file that still ends mid-line holds a line no one is finishing. One that now
    /// ends in a newline had another writer's append in progress when the sink opened it, and is left alone.
    private func endCutLine() {
        guard let reader = cutLineReader else { return }
        cutLineReader = nil
        defer { close(reader) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, !Self.endsInNewline(reader, size: status.st_size) else { return }
        _ = ByteView("\n").write(toFile: descriptor)
    }

    /// Whether the last of the `size` bytes of the file open for reading as `reader` is a newline; true when it
    /// cannot be read.
    private static func endsInNewline(_ reader: Int32, size: off_t) -> Bool {
        guard let last = EventLineMemory.byte(at: size - 1, ofFile: reader) else { return true }
        return last == UInt8(ascii: "\n")
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
