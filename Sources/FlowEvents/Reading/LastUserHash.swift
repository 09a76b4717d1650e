/// The `hashValue` of the user of the last event a chunk's decoder handed on, so that consecutive events of one
/// user (most of a log's lines) compare the id with the last instead of hashing it.
///
/// A class shared by the closures that see a chunk's events, with unchecked exclusivity: a captured `var` would
/// be boxed and checked dynamically at every access, which costs more than the hash it saves. Used by one
/// decoding thread at a time.
final class LastUserHash {
    @exclusivity(unchecked) private var user: String?
    @exclusivity(unchecked) private var hash = 0

    /// The `hashValue` of `event.user`.
    @inline(__always)
    func of(_ event: FlowEvent) -> Int {
        if event.user != user {
            user = event.user
            hash = event.user.hashValue
        }
        return hash
    }
}
