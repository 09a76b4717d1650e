#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a small text file named on the command line, such as `run --input`, failing in words a user can act on.
enum InputFile {
    /// The largest file read: far more than any file of answers, and a bound for `/dev/zero` and the like.
    static let maximumSize = 16 << 20

    /// The UTF-8 text of the file at `path`.
    ///
    /// - Parameters:
    ///   - option: the option that named the file, e.g. `--input`, for the error message.
    ///   - expected: what the file should be, e.g. `a text file of answers`, for the error message.
    ///   - maximumSize: the largest file read, in bytes.
    /// - Throws: `CommandError` reading `cannot read OPTION PATH: REASON`.
    static func text(at path: String, option: String, expected: String, maximumSize: Int = maximumSize) throws -> String {
        func failure(_ reason: String) -> CommandError {
            CommandError("cannot read \(option) \(path): \(reason)")
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(systemMessage()) }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw failure("is a directory, expected \(expected)") }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(systemMessage()) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = RawMemory.read(fromFile: descriptor, into: &block)
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(systemMessage())
            }
            if count == 0 { break }
            bytes += block[..<count]
            if bytes.count > maximumSize { throw failure("larger than \(maximumSize >> 20) MiB, expected \(expected)") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw failure("not UTF-8 text, expected \(expected)") }
        return text
    }

    private static func systemMessage() -> String {
        String(cString: strerror(errno))
    }
}
