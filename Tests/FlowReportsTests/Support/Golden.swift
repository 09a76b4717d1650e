import Foundation
import Testing

/// Compares rendered output with a committed golden file under `Tests/FlowReportsTests/Golden/`.
///
/// Run with `UPDATE_GOLDEN=1 swift test` to rewrite the files from the current output, then review the diff.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Golden")

    static func check(_ output: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(output.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing golden file \(name); run UPDATE_GOLDEN=1 swift test", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        #expect(output == expected, "output differs from golden \(name)", sourceLocation: sourceLocation)
    }
}
