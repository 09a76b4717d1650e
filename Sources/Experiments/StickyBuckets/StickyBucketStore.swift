/// Where sticky bucket assignments are kept between sessions, so a user keeps the variation they were first
/// bucketed into when an experiment's weights, coverage or targeting change.
///
/// Reads and writes are in memory and never fail; stores that persist (``FileStickyBucketStore``) report I/O
/// problems when they are opened and flushed. Stores are shared between threads.
public protocol StickyBucketStore: AnyObject, Sendable {
    /// The stored documents for the given `attributeName||attributeValue` keys; keys with no document are absent.
    func documents(forKeys keys: [String]) -> [String: StickyBucketDocument]

    /// Records `document`, replacing the stored document with the same key.
    func save(_ document: StickyBucketDocument)
}
