import CZlib
import Foundation

/// Files a harness writes for the code under test to read: one directory per process, made once, whose files
/// each run overwrites. Plain `open`/`write`, never an atomic or synced write: a run must cost microseconds.
final class FuzzFiles: Sendable {
    /// The files of this process.
    static let shared = FuzzFiles()

    /// The directory's path.
    let directory: String

    private init() {
        directory = NSTemporaryDirectory() + "switchyard-fuzz-\(getpid())"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: FuzzFiles.shared.directory) }
    }

    /// Writes `bytes` as they are to `name`, replacing what it held, and returns its path.
    func write(_ bytes: some Collection<UInt8>, to name: String) -> String {
        let path = directory + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return path }
        defer { close(descriptor) }
        var rest = Array(bytes)[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else { break }
            rest = rest.dropFirst(written)
        }
        return path
    }

    /// Writes `bytes` gzip-compressed to `name`, replacing what it held, and returns its path.
    func writeCompressed(_ bytes: [UInt8], to name: String) -> String {
        let path = directory + "/" + name
        guard let file = gzopen(path, "wb1") else { return write([], to: name) }
        var rest = bytes[...]
        while !rest.isEmpty {
            let piece = rest.prefix(1 << 20)
            _ = piece.withUnsafeBytes { gzwrite(file, $0.baseAddress, UInt32($0.count)) }
            rest = rest.dropFirst(piece.count)
        }
        gzclose(file)
        return path
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
