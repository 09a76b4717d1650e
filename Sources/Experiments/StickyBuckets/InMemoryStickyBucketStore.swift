import Foundation

/// A sticky bucket store that lives as long as the process: for tests, simulations that need no persistence, and
/// as the cache behind ``FileStickyBucketStore``.
public final class InMemoryStickyBucketStore: StickyBucketStore, @unchecked Sendable {
    // Every access to `storage` holds `lock`.
    private let lock = NSLock()
    private var storage: [String: StickyBucketDocument]

    /// Creates a store holding `documents`.
    public init(documents: [StickyBucketDocument] = []) {
        storage = Dictionary(documents.map { ($0.key, $0) }) { _, last in last }
    }

    /// The stored documents for `keys`.
    public func documents(forKeys keys: [String]) -> [String: StickyBucketDocument] {
        lock.lock()
        defer { lock.unlock() }
        var found: [String: StickyBucketDocument] = [:]
        for key in keys {
            if let document = storage[key] { found[key] = document }
        }
        return found
    }

    /// Records `document`.
    public func save(_ document: StickyBucketDocument) {
        lock.lock()
        storage[document.key] = document
        lock.unlock()
    }

    /// Every stored document, keyed by `attributeName||attributeValue`.
    public var allDocuments: [String: StickyBucketDocument] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
