import FlowEvents

/// The events of a log counted so far, by identity (`EventIdentity`), which tells an event a device delivered
/// again from a new one: the second delivery is a duplicate, counted in ``duplicates`` and nowhere else.
///
/// Kept per user, by the number the caller gives each user (`UserNumbering`), so that no id is hashed here: a
/// user's sessions are few and found by comparing their ids. An event with a sequence number costs one bit of its
/// session's set; one without costs its content hash in its session's set of those.
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

/// What was delivered of one user's sessions: the first inline, as most users have one.
private struct UserDeliveries: Sendable {
    private var first: SessionDeliveries?
    private var others: [SessionDeliveries] = []

    mutating func insert(session: String, sequence: Int?, contentHash: @autoclosure () -> Int) -> Bool {
        if first == nil { first = SessionDeliveries(session: session) }
        if first!.session == session { return first!.insert(sequence: sequence, contentHash: contentHash()) }
        if let index = others.firstIndex(where: { $0.session == session }) {
            return others[index].insert(sequence: sequence, contentHash: contentHash())
        }
        others.append(SessionDeliveries(session: session))
        return others[others.count - 1].insert(sequence: sequence, contentHash: contentHash())
    }
}

/// What was delivered of one session: the sequence numbers of its numbered events, the content hashes of the others.
private struct SessionDeliveries: Sendable {
    let session: String
    private var numbers = SequenceNumberSet()
    private var contentHashes: Set<Int> = []

    init(session: String) {
        self.session = session
    }

    mutating func insert(sequence: Int?, contentHash: @autoclosure () -> Int) -> Bool {
        if let sequence { return numbers.insert(sequence) }
        return contentHashes.insert(contentHash()).inserted
    }
}

/// A set of sequence numbers: one bit each for the first 2^20, which a session's events number densely from 0, and
/// a hash set for any larger one a log may hold.
struct SequenceNumberSet: Sendable {
    private static let bitLimit = 1 << 20
    /// Numbers 0..<64, kept inline: most sessions have fewer events than that, and no array to allocate.
    private var first: UInt64 = 0
    /// Numbers 64..<bitLimit, 64 to a word.
    private var words: [UInt64] = []
    private var large: Set<Int> = []

    /// Adds `number` (not negative) and returns whether it was not there yet.
    mutating func insert(_ number: Int) -> Bool {
        if number < 64 {
            let bit: UInt64 = 1 << UInt64(number)
            defer { first |= bit }
            return first & bit == 0
        }
        guard number < Self.bitLimit else { return large.insert(number).inserted }
        let word = number / 64 - 1
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        let bit: UInt64 = 1 << UInt64(number % 64)
        defer { words[word] |= bit }
        return words[word] & bit == 0
    }
}
