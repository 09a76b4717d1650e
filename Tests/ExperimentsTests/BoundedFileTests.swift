import Experiments
import Foundation
import Testing

/// The one reader of every configuration, behaviour model, sticky bucket store and command input file: a size
/// limit checked before reading, devices read no further than it, and only a path with no entry taken as absent.
@Suite("Files are read whole up to a limit, and only a missing entry is absent")
struct BoundedFileTests {
    private static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-file-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The reason `BoundedFile` gives for `path`, or nil when it reads the file.
    private static func refusal(_ path: String, maximumSize: Int = BoundedFile.maximumSize, regularFileOnly: Bool = false) -> String? {
        do {
            _ = try BoundedFile.contents(atPath: path, expected: "a JSON file", maximumSize: maximumSize, regularFileOnly: regularFileOnly)
            return nil
        } catch {
            #expect(error.path == path)
            return error.reason
        }
    }

    @Test("a file of exactly the limit is read whole; one byte more is refused with its size, unread")
    func limitIsInclusive() throws {
        let folder = try Self.folder()
        let exact = folder + "/exact.json"
        let over = folder + "/over.json"
        try Data(repeating: 0x20, count: 1000).write(to: URL(fileURLWithPath: exact))
        try Data(repeating: 0x20, count: 1001).write(to: URL(fileURLWithPath: over))
        #expect(try BoundedFile.contents(atPath: exact, expected: "a JSON file", maximumSize: 1000).count == 1000)
        #expect(Self.refusal(over, maximumSize: 1000) == "is 1,001 bytes, larger than the 1,000 bytes limit; expected a JSON file")
    }

    @Test("a file past 16 MiB is refused from its stated size: a sparse 50 MB file is not read")
    func largeFileRefusedFromItsSize() throws {
        let path = try Self.folder() + "/big.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 50_000_000)
        try handle.close()
        #expect(Self.refusal(path) == "is 50,000,000 bytes (47.7 MiB), larger than the 16 MiB limit; expected a JSON file")
    }

    @Test("an endless device is read up to the limit and no further, or refused outright where only a regular file will do")
    func devicesAreBounded() throws {
        #expect(Self.refusal("/dev/zero") == "is a character device giving more than the 16 MiB limit; expected a JSON file")
        #expect(Self.refusal("/dev/urandom", maximumSize: 4096) == "is a character device giving more than the 4 KiB limit; expected a JSON file")
        #expect(Self.refusal("/dev/zero", regularFileOnly: true) == "is a character device, expected a JSON file")
    }

    @Test("a file whose stated size is 0 but which holds more, as /proc's do, is read whole")
    func procFilesAreReadWhole() throws {
        let status = try BoundedFile.contents(atPath: "/proc/self/status", expected: "text")
        #expect(String(decoding: status, as: UTF8.self).contains("VmRSS"))
    }

    @Test("a loop of links, a link to nothing and a directory are each refused by name, and none is absent")
    func linksAndDirectories() throws {
        let folder = try Self.folder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop.json", withDestinationPath: "loop.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/a.json", withDestinationPath: "b.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b.json", withDestinationPath: "a.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.json", withDestinationPath: "nowhere.json")
        try FileManager.default.createDirectory(atPath: folder + "/folder.json", withIntermediateDirectories: false)
        let loop = "is a loop of symbolic links (or a chain longer than the system follows)"
        #expect(Self.refusal(folder + "/loop.json") == loop)
        #expect(Self.refusal(folder + "/a.json") == loop)
        #expect(Self.refusal(folder + "/dangling.json") == "is a symbolic link to \"nowhere.json\", which does not exist")
        #expect(Self.refusal(folder + "/folder.json") == "is a directory, expected a JSON file")
        #expect(Self.refusal(folder + "/missing.json") == "no such file")
        for present in ["loop.json", "a.json", "dangling.json", "folder.json"] {
            #expect(!BoundedFile.isAbsent(folder + "/" + present), "\(present) is there")
        }
        #expect(BoundedFile.isAbsent(folder + "/missing.json"))
    }

    @Test("a config loaded through its public API is held to the same limit, naming the file")
    func configLoadingIsBounded() throws {
        let path = try Self.folder() + "/experiments.json"
        try Data(repeating: 0x20, count: BoundedFile.maximumSize + 1).write(to: URL(fileURLWithPath: path))
        #expect(throws: ConfigError(file: path, issues: [ConfigIssue(
            path: .root, message: "is 16,777,217 bytes (16.0 MiB), larger than the 16 MiB limit; expected a JSON file"
        )])) {
            try ExperimentConfig.fileContents(atPath: path)
        }
    }

    @Test("a sticky bucket store that is a broken link or a device is an error, not an empty store")
    func stickyStoreIsNotTakenForEmpty() throws {
        let folder = try Self.folder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/store.json", withDestinationPath: "gone.json")
        #expect(throws: StickyBucketStoreError(file: folder + "/store.json", message: "is a symbolic link to \"gone.json\", which does not exist")) {
            try FileStickyBucketStore(path: folder + "/store.json")
        }
        #expect(throws: StickyBucketStoreError(file: "/dev/zero", message: "is a character device, expected a sticky bucket store file (JSON)")) {
            try FileStickyBucketStore(path: "/dev/zero")
        }
        #expect(try FileStickyBucketStore(path: folder + "/new.json").allDocuments.isEmpty, "a path with nothing at it is an empty store")
    }
}
