import FlowEvents

/// The events of a log counted so far, by identity (`EventIdentity`), which tells an event a device delivered
/// again from a new one: the second delivery is a duplicate, counted in ``duplicates`` and nowhere else.
///
/// Kept per user, by the number the caller gives each user (`UserNumbering`). Memory is proportional to the
/// distinct events and sessions delivered, whatever their values: a user's sessions beyond the first are found by
/// hashing their ids, so a user with many sessions (a shared anonymous id) costs each event one lookup, and a
/// session's sequence numbers cost what ``SequenceNumberSet`` says, however sparse they are.
struct DeliveredEvents: Sendable {
    /// Duplicates found so far.
    private(set) var duplicates = 0
    private var users: [UserDeliveries] = []

    /// Records the delivery of `event`, of the user numbered `user`, and returns true the first time its identity
    /// is seen; returns false, and counts a duplicate, for any later time. An event without a sequence number must
    /// carry every field.
    mutating func insert(_ event: borrowing FlowEvent, ofUser user: Int) -> Bool {
        insert(session: event.session, sequence: event.sequence, contentHash: event.hashValue, ofUser: user)
    }

    /// As ``insert(_:ofUser:)``, for an event known by its identity alone.
    mutating func insert(_ identity: EventIdentity, ofUser user: Int) -> Bool {
        insert(session: identity.session, sequence: identity.sequence, contentHash: identity.contentHash, ofUser: user)
    }

    private mutating func insert(session: String, sequence: Int?, contentHash: @autoclosure () -> Int, ofUser user: Int) -> Bool {
        if user >= users.count { users.append(contentsOf: repeatElement(UserDeliveries(), count: user - users.count + 1)) }
        let isNew = users[user].insert(session: session, sequence: sequence, contentHash: contentHash())
        if !isNew { duplicates += 1 }
        return isNew
    }
}

/// What was delivered of one user's sessions: the first inline, as most users have one, the others by session id.
private struct UserDeliveries: Sendable {
    private var firstSession: String?
    private var first = SessionDeliveries()
    private var others: [String: SessionDeliveries] = [:]

    mutating func insert(session: String, sequence: Int?, contentHash: @autoclosure () -> Int) -> Bool {
        if firstSession == nil { firstSession = session }
        if firstSession == session { return first.insert(sequence: sequence, contentHash: contentHash()) }
        return others[session, default: SessionDeliveries()].insert(sequence: sequence, contentHash: contentHash())
    }
}

/// What was delivered of one session: the sequence numbers of its numbered events, the content hashes of the others.
private struct SessionDeliveries: Sendable {
    private var numbers = SequenceNumberSet()
    private var contentHashes: Set<Int> = []

    mutating func insert(sequence: Int?, contentHash: @autoclosure () -> Int) -> Bool {
        if let sequence { return numbers.insert(sequence) }
        return contentHashes.insert(contentHash()).inserted
    }
}
