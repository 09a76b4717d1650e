import Foundation

/// A directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    /// The directory's path.
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "flow-event-reader-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `bytes` to a file called `name` in the directory and returns its path.
    func file(_ name: String, bytes: [UInt8]) throws -> String {
        let filePath = path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: filePath))
        return filePath
    }

    /// Writes `text` to a file called `name` in the directory and returns its path.
    func file(_ name: String, text: String) throws -> String {
        try file(name, bytes: Array(text.utf8))
    }
}
