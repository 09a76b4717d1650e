import Experiments
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// While a command keeps snapshots, each input is opened once: a later read of the same path gives what the first
/// gave, which is what lets a FIFO, `/dev/stdin` or `<(cat cfg)` be read by a command that needs a config twice.
@Suite("Each path is opened once while snapshots are kept")
struct FileSnapshotsTests {
    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("file-snapshots-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private static func read(_ path: String, maximumSize: Int = BoundedFile.maximumSize, regularFileOnly: Bool = false) -> String {
        do {
            let bytes = try BoundedFile.contents(atPath: path, expected: "a JSON file", maximumSize: maximumSize, regularFileOnly: regularFileOnly)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            return "error: \(error.reason)"
        }
    }

    @Test("a file rewritten after its first read still reads as it was; without snapshots it reads as it is")
    func firstReadWins() throws {
        let path = try Self.folder() + "/config.json"
        try "first".write(toFile: path, atomically: false, encoding: .utf8)
        let snapshots = FileSnapshots()
        FileSnapshots.$current.withValue(snapshots) {
            #expect(Self.read(path) == "first")
            try? "second".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(Self.read(path) == "first")
        }
        #expect(Self.read(path) == "second")
        #expect(snapshots.outcomes.map(\.path) == [path])
    }

    @Test("a failed read is kept too: a file that appears after it is still missing")
    func failureIsKept() throws {
        let path = try Self.folder() + "/late.json"
        FileSnapshots.$current.withValue(FileSnapshots()) {
            #expect(Self.read(path) == "error: no such file")
            try? "{}".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(Self.read(path) == "error: no such file")
        }
    }

    @Test("a pipe is read once: the second read gives the same bytes, not an empty file")
    func pipeReadOnce() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let text = Array("{\"version\": 1}".utf8)
        #expect(write(ends[1], text, text.count) == text.count)
        close(ends[1])
        defer { close(ends[0]) }
        let path = "/dev/fd/\(ends[0])"
        FileSnapshots.$current.withValue(FileSnapshots()) {
            #expect(Self.read(path) == "{\"version\": 1}")
            #expect(Self.read(path) == "{\"version\": 1}")
        }
    }

    @Test("handed-over snapshots answer their paths without opening them, and refuse any other")
    func handedOver() throws {
        let folder = try Self.folder()
        let handed = FileSnapshots(handedOver: [(folder + "/a.json", .bytes(Data("handed".utf8))), (folder + "/b.json", .failure("no such file"))])
        try "on disk".write(toFile: folder + "/a.json", atomically: false, encoding: .utf8)
        try "on disk".write(toFile: folder + "/c.json", atomically: false, encoding: .utf8)
        FileSnapshots.$current.withValue(handed) {
            #expect(Self.read(folder + "/a.json") == "handed")
            #expect(Self.read(folder + "/b.json") == "error: no such file")
            #expect(Self.read(folder + "/c.json") == "error: was not among the files handed over by the process that started this one")
        }
    }

    @Test("kept bytes past a later read's limit are refused as the file would be")
    func laterLimit() throws {
        let path = try Self.folder() + "/ten.json"
        try "0123456789".write(toFile: path, atomically: false, encoding: .utf8)
        FileSnapshots.$current.withValue(FileSnapshots()) {
            #expect(Self.read(path) == "0123456789")
            #expect(Self.read(path, maximumSize: 4) == "error: is 10 bytes, larger than the 4 bytes limit; expected a JSON file")
        }
    }

    @Test("a file read as regular only, which is also written (a sticky bucket store), is opened every time")
    func writtenFilesAreNotKept() throws {
        let path = try Self.folder() + "/store.json"
        try "old".write(toFile: path, atomically: false, encoding: .utf8)
        let snapshots = FileSnapshots()
        FileSnapshots.$current.withValue(snapshots) {
            #expect(Self.read(path, regularFileOnly: true) == "old")
            try? "new".write(toFile: path, atomically: false, encoding: .utf8)
            #expect(Self.read(path, regularFileOnly: true) == "new")
        }
        #expect(snapshots.outcomes.isEmpty)
    }
}
