import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a file's bytes come from: the file itself, or zlib decompressing it when the path
/// ends in `.gz`.
///
/// A regular file is read as it was when opened: bytes appended later (by a writer still
/// logging) are not read, and a file that shrinks before its bytes are read (truncated or
/// rewritten by another process) is an error naming both sizes, as the bytes that were there are lost.
/// A gzip stream that is corrupt or cut short (a crash while compressing, a copy cut in half)
/// is an error naming the byte where the data ends: the events compressed after it are lost,
/// and a stream missing its end cannot be told from one missing most of its data.
final class FileByteSource {
    /// The path of the file, as given.
    let path: String
    private let descriptor: Int32
    private let gzip: gzFile?
    /// The size of a regular file when it was opened, the end of what is read; nil for other files.
    private let sizeAtOpen: Int?
    /// Bytes read so far from a regular file.
    private var offset = 0

    /// Opens the file at `path`, decompressing it when the path ends in `.gz`.
    ///
    /// - Throws: `FlowEventReadError` when the file is missing, unreadable or a directory.
    init(path: String) throws(FlowEventReadError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Self.systemError(path, "cannot open for reading") }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let error = Self.systemError(path, "cannot inspect")
            close(fd)
            throw error
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw FlowEventReadError(path: path, reason: "is a directory, not an event log file")
        }
        descriptor = fd
        let isRegular = (status.st_mode & S_IFMT) == S_IFREG
        // A regular file of size 0 may still have content (the files of /proc): read it to its end.
        sizeAtOpen = isRegular && status.st_size > 0 && !path.hasSuffix(".gz") ? Int(exactly: status.st_size) : nil
        if path.hasSuffix(".gz") {
            guard let file = gzdopen(fd, "rb") else {
                close(fd)
                throw FlowEventReadError(path: path, reason: "cannot start gzip decompression")
            }
            gzbuffer(file, 1 << 17)
            gzip = file
        } else {
            gzip = nil
        }
    }

    deinit {
        if let gzip {
            gzclose(gzip)  // closes the descriptor too
        } else {
            close(descriptor)
        }
    }

    /// Reads into `storage` from `offset` up to its end; 0 at the end of the data.
    func readBytes(into storage: inout [UInt8], from offset: Int) throws(FlowEventReadError) -> Int {
        try storage.withMutableByteView { buffer throws(FlowEventReadError) in
            try readBytes(into: buffer.bytes(offset..<buffer.count))
        }
    }

    /// Reads up to `room.count` bytes into `room`, the system calls' side of the reader's buffers; 0 at the
    /// end of the data.
    func readBytes(into room: MutableByteView) throws(FlowEventReadError) -> Int {
        let count = room.count
        guard count > 0 else { return 0 }
        if let gzip {
            let result = room.read(fromGzip: gzip)
            if result > 0 { return result }
            var code: Int32 = 0
            let message = gzerror(gzip, &code).map { String(cString: $0) } ?? "unknown error"
            // zlib ends a stream cut short like a whole one, and only its error state tells them apart.
            if result == 0, code == Z_OK { return 0 }
            let compressedOffset = Int(gzoffset(gzip))
            let decompressedOffset = Int(gztell(gzip))
            if code == Z_BUF_ERROR {
                throw FlowEventReadError(
                    path: path,
                    reason: "the gzip stream is cut short: the file ends at byte \(compressedOffset) in the middle of "
                        + "the stream, after \(decompressedOffset) bytes of log; the events compressed after that are lost "
                        + "(a copy or a compression that did not finish?)"
                )
            }
            throw FlowEventReadError(
                path: path,
                reason: "gzip data is corrupt near byte \(compressedOffset), after \(decompressedOffset) bytes of log: \(message)"
            )
        }
        let wanted = sizeAtOpen.map { min(count, $0 - offset) } ?? count
        guard wanted > 0 else { return 0 }
        while true {
            let result = room.bytes(0..<wanted).read(fromFile: descriptor)
            if result > 0 {
                offset += result
                return result
            }
            if result == 0 {
                if let sizeAtOpen { throw shrinkError(sizeAtOpen: sizeAtOpen) }
                return 0
            }
            if errno != EINTR { throw Self.systemError(path, "read failed") }
        }
    }

    /// The error for a regular file that ended before the size it had when it was opened.
    private func shrinkError(sizeAtOpen: Int) -> FlowEventReadError {
        var status = stat()
        let sizeNow = fstat(descriptor, &status) == 0 ? " and is \(status.st_size) bytes now" : ""
        return FlowEventReadError(
            path: path,
            reason: "the file shrank while being read: it was \(sizeAtOpen) bytes when the read began, ended at byte "
                + "\(offset)\(sizeNow) (truncated or rewritten by another process?)"
        )
    }

    private static func systemError(_ path: String, _ action: String) -> FlowEventReadError {
        FlowEventReadError(path: path, reason: "\(action): \(String(cString: strerror(errno)))")
    }
}
