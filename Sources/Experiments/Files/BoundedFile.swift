#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads a whole file of at most a given size: every configuration, GrowthBook payload, behaviour model, sticky
/// bucket store and command input file Switchyard reads comes through here.
///
/// A regular file's size is checked with `fstat(2)` before a byte is read, so a file past the limit is refused
/// at once; a pipe or a device (`/dev/zero`) is read up to one byte past the limit and no further. A directory,
/// a loop of symbolic links, a link to nothing and a file that cannot be read are each an error naming what is
/// wrong: only a path with no entry at all is absent (see ``isAbsent(_:)``).
package enum BoundedFile {
    /// The most bytes read of a configuration, a behaviour model or a command's input file: 16 MiB, far more
    /// than any written by hand or generated from a real experiment set.
    package static let maximumSize = 16 << 20

    /// Whether there is nothing at all at `path`: `lstat(2)` finds no entry there (`ENOENT`).
    ///
    /// A broken or looping symbolic link, a directory or a file no one may read is there, not absent: reading
    /// it is an error that says what is wrong, where taking it for absent would silently run without it.
    package static func isAbsent(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) != 0 && errno == ENOENT
    }

    /// The bytes of the file at `path`, at most `maximumSize` of them.
    ///
    /// - Parameters:
    ///   - expected: what the file should be, e.g. `a JSON file`, for the messages about a directory or a file
    ///     too large.
    ///   - maximumSize: the most bytes read.
    ///   - regularFileOnly: whether a pipe or a device is refused instead of read up to the limit, for a file that
    ///     is also written (a sticky bucket store).
    /// While ``FileSnapshots/current`` keeps snapshots, a path is opened once: a later read gives the bytes, or the
    /// error, of the first (a file read `regularFileOnly` is always opened, as it is also written).
    ///
    /// - Throws: ``BoundedFileError`` naming the path and what is wrong with it.
    package static func contents(
        atPath path: String, expected: String, maximumSize: Int = maximumSize, regularFileOnly: Bool = false
    ) throws(BoundedFileError) -> Data {
        guard !regularFileOnly, let snapshots = FileSnapshots.current else {
            return try read(atPath: path, expected: expected, maximumSize: maximumSize, regularFileOnly: regularFileOnly)
        }
        switch try snapshots.outcome(of: path) {
        case .bytes(let bytes)?:
            guard bytes.count <= maximumSize else {
                throw BoundedFileError(
                    path: path, reason: "is \(describe(size: bytes.count)), larger than the \(describe(bytes: maximumSize)) limit; expected \(expected)"
                )
            }
            return bytes
        case .failure(let reason)?:
            throw BoundedFileError(path: path, reason: reason)
        case nil:
            do throws(BoundedFileError) {
                let bytes = try read(atPath: path, expected: expected, maximumSize: maximumSize, regularFileOnly: false)
                // A larger file (a counts file) has one reader, and would double the memory it takes.
                if bytes.count <= Self.maximumSize { snapshots.keep(.bytes(bytes), of: path) }
                return bytes
            } catch {
                snapshots.keep(.failure(error.reason), of: path)
                throw error
            }
        }
    }

    /// Reads the file at `path` as ``contents(atPath:expected:maximumSize:regularFileOnly:)`` does, opening it.
    private static func read(
        atPath path: String, expected: String, maximumSize: Int, regularFileOnly: Bool
    ) throws(BoundedFileError) -> Data {
        func failure(_ reason: String) -> BoundedFileError {
            BoundedFileError(path: path, reason: reason)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(openFailureReason(path, errno: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("cannot be read: \(systemMessage(errno))") }
        let kind = status.st_mode & S_IFMT
        if kind == S_IFDIR { throw failure("is a directory, expected \(expected)") }
        let limit = "the \(describe(bytes: maximumSize)) limit"
        let isRegular = kind == S_IFREG
        if regularFileOnly, !isRegular { throw failure("is \(kindName(kind)), expected \(expected)") }
        let statedSize = Int(status.st_size)
        if isRegular, statedSize > maximumSize {
            throw failure("is \(describe(size: statedSize)), larger than \(limit); expected \(expected)")
        }
        // A regular file's stated size is where reading starts; files in /proc state 0 and hold more.
        // Data's zeroed growth costs no loop over its bytes, even in a debug build.
        var bytes = Data(count: min(max(isRegular ? statedSize + 1 : 64 << 10, 1), maximumSize + 1))
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= maximumSize else {
                    let what = isRegular ? "grew past \(limit) while being read" : "is \(kindName(kind)) giving more than \(limit)"
                    throw failure("\(what); expected \(expected)")
                }
                bytes.count += min(bytes.count, maximumSize + 1 - bytes.count)
            }
            let read = EvaluationMemory.read(fromFile: descriptor, into: &bytes, from: count)
            if read < 0 {
                if errno == EINTR { continue }
                throw failure("cannot be read: \(systemMessage(errno))")
            }
            if read == 0 { break }
            count += read
        }
        bytes.count = count
        return bytes
    }

    /// Why `open(2)` of `path` failed with `code`, in words.
    private static func openFailureReason(_ path: String, errno code: Int32) -> String {
        switch code {
        case ENOENT:
            var status = stat()
            if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK {
                return "is a symbolic link to \(EvaluationMemory.symbolicLinkTarget(path).map { "\"\($0)\"" } ?? "a file"), which does not exist"
            }
            return "no such file"
        case ELOOP:
            return "is a loop of symbolic links (or a chain longer than the system follows)"
        default:
            return "cannot be read: \(systemMessage(code))"
        }
    }

    /// What a file of the type bits `kind` is, with its article.
    private static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFIFO: "a pipe"
        case S_IFSOCK: "a socket"
        default: "a file"
        }
    }

    /// A limit of `bytes` in the largest binary unit it is a whole number of (`16 MiB`, `1 GiB`, `4 KiB`), else in
    /// MiB with one decimal from 1 MiB up, else in bytes.
    static func describe(bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 20 {
            let tenths = (bytes * 10 + (1 << 19)) >> 20
            return "\(tenths / 10).\(tenths % 10) MiB"
        }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(grouped(bytes)) bytes"
    }

    /// A file's size in bytes, and in MiB beside it from 1 MiB up: `50,001,270 bytes (47.7 MiB)`.
    static func describe(size: Int) -> String {
        size < 1 << 20 ? "\(grouped(size)) bytes" : "\(grouped(size)) bytes (\(describe(bytes: size)))"
    }

    /// `value` with its digits grouped by threes: `50,001,270`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }

    private static func systemMessage(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
