/// What tells an event from every other event of a log, so that an event a device delivered twice (a retried
/// upload, a file appended twice) is counted once.
///
/// An event with a sequence number is the `seq`-th event of one session of one user: no two events a recorder
/// writes share `user`, `session` and `seq`. An event of a log written without sequence numbers is known by all
/// its fields: two such events equal in every field are taken for one event delivered twice.
public struct EventIdentity: Sendable, Hashable {
    /// The event's user.
    public var user: String
    /// `user.hashValue`, made where the identity is made (on a reader's decoding thread), so that a consumer
    /// numbering users need not hash their ids.
    public var userHash: Int
    /// The event's session.
    public var session: String
    /// The event's number in its session, or nil for an event logged without one.
    public var sequence: Int?
    /// For an event without a sequence number, the hash of all its fields (`FlowEvent.hashValue`, so valid within
    /// one process); 0 for an event with one.
    public var contentHash: Int

    /// The identity of `event`, which must carry every field when it has no sequence number.
    public init(of event: FlowEvent) {
        self.init(of: event, userHash: event.user.hashValue)
    }

    /// The identity of `event`, whose user's `hashValue` is `userHash` (known already to a reader that hashed the
    /// same user for the line before).
    init(of event: FlowEvent, userHash: Int) {
        user = event.user
        self.userHash = userHash
        session = event.session
        sequence = event.sequence
        contentHash = event.sequence == nil ? event.hashValue : 0
    }
}
