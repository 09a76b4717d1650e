#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads standard input line by line with `read(2)`, so a read interrupted by Ctrl-C ends the
/// input; `Swift.readLine()` retries interrupted reads and would keep waiting.
final class StandardInputLines {
    private var buffer: [UInt8] = []
    private var atEnd = false

    /// The next line without its line ending, or nil at the end of input or after `isInterrupted`
    /// says so.
    func next(isInterrupted: () -> Bool) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                let text = String(decoding: line, as: UTF8.self)
                buffer.removeSubrange(...newline)
                return text
            }
            if atEnd || isInterrupted() {
                guard !buffer.isEmpty, !isInterrupted() else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = SystemCalls.read(fromFile: STDIN_FILENO, into: &chunk)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                atEnd = true
            }
        }
    }
}
