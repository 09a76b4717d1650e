import CZlib
import Foundation

/// Files a harness writes for the code under test to read, in a directory of its own, removed afterwards.
final class FuzzFiles {
    /// The directory's path.
    let directory: String

    init() {
        directory = NSTemporaryDirectory() + "switchyard-fuzz-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Writes `bytes` as they are to `name`, returning its path.
    func write(_ bytes: some Collection<UInt8>, to name: String) -> String {
        let path = directory + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// Writes `bytes` gzip-compressed to `name`, returning its path.
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
