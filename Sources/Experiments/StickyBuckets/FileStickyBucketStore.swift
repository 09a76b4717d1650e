import Foundation

/// A sticky bucket store kept in one JSON file, safe to share between processes.
///
/// The file is read once when the store opens; lookups and saves then work in memory and ``flush()`` writes the
/// documents saved since. A flush takes an exclusive `flock` on a lock file beside the store (`<path>.lock`),
/// re-reads the file so that documents other processes wrote in the meantime are kept, merges, writes a temporary
/// file in the same directory, syncs it and renames it over the store: a reader never sees a half-written file and
/// a crash leaves the previous version. When two processes recorded different variations for the same user and
/// experiment version, the one already in the file wins (the first recorded assignment is the sticky one).
///
/// A file that is not a valid store is reported with its line and column or JSON path and is never overwritten.
///
/// File shape: `{"version": 1, "documents": {"id||u-42": {"attributeName": "id", "attributeValue": "u-42",
/// "assignments": {"onboarding-order__0": "1"}}}}`.
public final class FileStickyBucketStore: StickyBucketStore, @unchecked Sendable {
    /// The store's file.
    public let path: String
    private let cache: InMemoryStickyBucketStore
    // Every access to `dirtyKeys` holds `lock`.
    private let lock = NSLock()
    private var dirtyKeys: Set<String> = []

    /// The only file format version so far.
    static let formatVersion = 1

    /// The largest store read or written: 1 GiB, about ten million users' documents. A store grows with the users
    /// assigned, so its bound is larger than a configuration's; a flush that would pass it is refused, so that no
    /// store is written that could not be opened again.
    public static let maximumFileSize = 1 << 30

    /// Opens the store at `path`, reading it if it exists (a missing file is an empty store).
    public init(path: String) throws(StickyBucketStoreError) {
        self.path = path
        let lockFile = try Self.lock(path: path, exclusive: false)
        defer { lockFile.unlock() }
        cache = InMemoryStickyBucketStore(documents: Array(try Self.read(path: path).values))
    }

    /// The stored documents for `keys`.
    public func documents(forKeys keys: [String]) -> [String: StickyBucketDocument] {
        cache.documents(forKeys: keys)
    }

    /// Records `document` in memory; ``flush()`` writes it to the file.
    public func save(_ document: StickyBucketDocument) {
        cache.save(document)
        lock.lock()
        dirtyKeys.insert(document.key)
        lock.unlock()
    }

    /// Every document this store holds, keyed by `attributeName||attributeValue`.
    public var allDocuments: [String: StickyBucketDocument] {
        cache.allDocuments
    }

    /// Writes the documents saved since the last flush, merged with what the file holds now.
    public func flush() throws(StickyBucketStoreError) {
        lock.lock()
        let keys = dirtyKeys
        dirtyKeys.removeAll()
        lock.unlock()
        guard !keys.isEmpty else { return }
        do throws(StickyBucketStoreError) {
            let lockFile = try Self.lock(path: path, exclusive: true)
            defer { lockFile.unlock() }
            var onDisk = try Self.read(path: path)
            for (key, ours) in cache.documents(forKeys: Array(keys)) {
                let merged = onDisk[key].map { $0.merging(keepingExisting: ours) } ?? ours
                onDisk[key] = merged
                cache.save(merged)
            }
            try Self.write(onDisk, to: path)
        } catch {
            // Nothing was written: keep the documents for the next flush.
            lock.lock()
            dirtyKeys.formUnion(keys)
            lock.unlock()
            throw error
        }
    }

    // MARK: - File access

    /// An open lock file holding an `flock`.
    private struct LockFile {
        let descriptor: Int32

        func unlock() {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    private static func lock(path: String, exclusive: Bool) throws(StickyBucketStoreError) -> LockFile {
        let lockPath = path + ".lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StickyBucketStoreError(file: path, message: "cannot open lock file \(lockPath): \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw StickyBucketStoreError(file: path, message: "cannot lock \(lockPath): \(reason)")
            }
        }
        return LockFile(descriptor: descriptor)
    }

    /// The documents in the file at `path`, keyed by document key; none when nothing is at `path`. A broken or
    /// looping symbolic link is an error, not an empty store.
    static func read(path: String) throws(StickyBucketStoreError) -> [String: StickyBucketDocument] {
        guard !BoundedFile.isAbsent(path) else { return [:] }
        let data: Data
        do {
            data = try BoundedFile.contents(
                atPath: path, expected: "a sticky bucket store file (JSON)", maximumSize: maximumFileSize, regularFileOnly: true
            )
        } catch {
            throw StickyBucketStoreError(file: path, message: error.reason)
        }
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw StickyBucketStoreError(file: path, issue: ConfigIssue(syntaxError: error))
        }
        return try decode(document, file: path)
    }

    private static func decode(_ json: JSONValue, file: String) throws(StickyBucketStoreError) -> [String: StickyBucketDocument] {
        func fail(_ path: JSONPath, _ message: String) -> StickyBucketStoreError {
            StickyBucketStoreError(file: file, issue: ConfigIssue(path: path, message: message))
        }
        guard case .object(let root) = json else {
            throw fail(.root, "expected a sticky bucket store object, found \(ConfigDecoder.describe(json))")
        }
        guard root["version"] == .number(Double(formatVersion)) else {
            throw fail(JSONPath.root.appending("version"), "expected format version \(formatVersion)")
        }
        guard case .object(let documents)? = root["documents"] else {
            throw fail(JSONPath.root.appending("documents"), "expected an object of documents")
        }
        var result: [String: StickyBucketDocument] = [:]
        for (key, value) in documents.members {
            let path = JSONPath.root.appending("documents").appending(key)
            let document: StickyBucketDocument
            do {
                document = try StickyBucketDocument.decode(value)
            } catch {
                throw fail(path.appending(error.issue.path), error.issue.message)
            }
            guard document.key == key else {
                throw fail(path, "document for \"\(document.key)\" is stored under another key")
            }
            result[key] = document
        }
        return result
    }

    private static func write(_ documents: [String: StickyBucketDocument], to path: String) throws(StickyBucketStoreError) {
        // Documents in UTF-16 key order, so the file is the same whatever order they were saved in.
        let ordered = documents.map { (units: Array($0.key.utf16), document: $0.value) }
            .sorted { $0.units.lexicographicallyPrecedes($1.units) }
        var text = "{\"version\":\(formatVersion),\"documents\":{"
        for (index, entry) in ordered.enumerated() {
            if index > 0 { text += "," }
            text += JSONValue.string(entry.document.key).jsonText + ":" + entry.document.json.jsonText
        }
        text += "}}\n"
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumFileSize else {
            throw StickyBucketStoreError(
                file: path,
                message: "cannot write \(BoundedFile.grouped(bytes.count)) bytes, more than the \(BoundedFile.describe(bytes: maximumFileSize)) a store is read back with"
            )
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StickyBucketStoreError(file: path, message: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        var written = 0
        var failure: String?
        bytes.withBorrowedBytes { view in
            while written < view.count {
                let result = view.write(from: written, toFile: descriptor)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += result
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw StickyBucketStoreError(file: path, message: "cannot write: \(failure)")
        }
    }
}
