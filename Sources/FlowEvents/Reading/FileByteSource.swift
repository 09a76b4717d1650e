import CZlib
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a file's bytes come from: the file itself, or zlib decompressing it when the path
/// ends in `.gz`.
///
/// A gzip stream cut short (a crash while compressing) ends where the data ends, like a plain
/// file whose last write was cut short; a corrupt stream is an error, as the rest of the file
/// cannot be found.
final class FileByteSource {
    /// The path of the file, as given.
    let path: String
    private let descriptor: Int32
    private let gzip: gzFile?

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

    /// Reads up to `count` bytes into `buffer`; 0 at the end of the data.
    func readBytes(into buffer: UnsafeMutablePointer<UInt8>, count: Int) throws(FlowEventReadError) -> Int {
        if let gzip {
            let result = gzread(gzip, buffer, UInt32(clamping: count))
            if result >= 0 { return Int(result) }
            var code: Int32 = 0
            let message = gzerror(gzip, &code).map { String(cString: $0) } ?? "unknown error"
            if code == Z_BUF_ERROR { return 0 }  // stream cut short: the data ends here
            throw FlowEventReadError(path: path, reason: "gzip data is corrupt: \(message)")
        }
        while true {
            let result = read(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno != EINTR { throw Self.systemError(path, "read failed") }
        }
    }

    private static func systemError(_ path: String, _ action: String) -> FlowEventReadError {
        FlowEventReadError(path: path, reason: "\(action): \(String(cString: strerror(errno)))")
    }
}
