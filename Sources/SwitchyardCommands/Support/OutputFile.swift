#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole files, such as reports, so that a path holds either the complete new file or what it held before.
///
/// A regular file, or a path where nothing is yet, is written to a `.partial` file beside it, synced, and renamed
/// over the path only once complete: a full disk, a failed write or an interrupted run never leaves a truncated
/// file looking complete, and never clobbers the good file already there. A symbolic link is followed, so the file
/// it points to is the one replaced. SIGINT, SIGTERM or SIGHUP while the file is written removes the `.partial` file
/// (`PartialFileCleanup`); SIGKILL leaves it, named `<path>.<random>.partial`. Anything else that can be written (a device such as `/dev/stdout` or
/// `/dev/null`, a FIFO) is written in place: it is not a file to replace.
enum OutputFile {
    /// Writes `bytes` as the whole content of `path`.
    ///
    /// - Throws: `OutputFileError` saying in words what went wrong; no `.partial` file is left behind.
    static func write(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw OutputFileError("is a directory, expected a file path")
            default: return try writeInPlace(bytes, to: path)
            }
        }
        let destination = exists ? SymbolicLinks.resolved(path) : path
        let (partial, descriptor) = try createPartialFile(beside: destination)
        // A command stopped while writing leaves no .partial behind (but by SIGKILL).
        PartialFileCleanup.arm(removing: partial)
        defer { PartialFileCleanup.disarm() }
        do throws(OutputFileError) {
            if exists, fchmod(descriptor, status.st_mode & 0o7777) != 0 {
                throw OutputFileError("cannot give \(partial) the permissions of the file it replaces: \(systemMessage())")
            }
            try writeAll(bytes, to: descriptor)
            guard fsync(descriptor) == 0 else { throw OutputFileError("cannot sync \(partial): \(systemMessage())") }
        } catch {
            close(descriptor)
            unlink(partial)
            throw error
        }
        guard close(descriptor) == 0 else {
            let failure = OutputFileError("write failed: \(systemMessage())")
            unlink(partial)
            throw failure
        }
        guard rename(partial, destination) == 0 else {
            let failure = OutputFileError("cannot move \(partial) into place: \(systemMessage())")
            unlink(partial)
            throw failure
        }
    }

    /// Writes into a device or FIFO as it is, without creating or replacing anything.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(OutputFileError) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputFileError("cannot open for writing: \(systemMessage())") }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor)
    }

    /// A new, empty file named `<destination>.<random>.partial` and its descriptor.
    private static func createPartialFile(beside destination: String) throws(OutputFileError) -> (path: String, descriptor: Int32) {
        var generator = SystemRandomNumberGenerator()
        while true {
            let partial = "\(destination).\(String(generator.next() & 0xFFFF_FFFF, radix: 16)).partial"
            let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (partial, descriptor) }
            if errno != EEXIST { throw OutputFileError(systemMessage()) }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(OutputFileError) {
        if let failure = SystemCalls.writeAll(bytes, toFile: descriptor) {
            throw OutputFileError("write failed: \(String(cString: strerror(failure)))")
        }
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
