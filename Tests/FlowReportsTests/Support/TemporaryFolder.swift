import Foundation

/// A folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "flow-reports-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String, text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}
