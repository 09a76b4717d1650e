#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered access to standard output and error, so prompts appear before input is read and
/// output interleaves with error lines in the order it was produced.
enum StandardIO {
    /// Whether standard input is a terminal.
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// Whether standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard error is a terminal.
    static var errorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes `text` to standard output.
    static func write(_ text: String) {
        write(text, to: STDOUT_FILENO)
    }

    /// Writes `text` to standard output, or throws when it cannot all be written (a full disk, a closed file):
    /// for output that is the command's result, whose loss must not go unnoticed.
    static func writeResult(_ text: String) throws {
        if let failure = write(text, to: STDOUT_FILENO) {
            throw CommandError("cannot write to standard output: \(String(cString: strerror(failure)))")
        }
    }

    /// Writes `text` to standard error.
    static func writeError(_ text: String) {
        write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text`; returns the `errno` of a failed write, if any.
    @discardableResult
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = SystemCalls.write(bytes, toFile: descriptor)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }
}
