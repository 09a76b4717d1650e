import FlowEvents

/// The events of a log counted so far, by identity (``EventIdentity``), which tells an event a device delivered
/// again from a new one: the second delivery is a duplicate, counted in ``duplicates`` and nowhere else.
///
/// An event with a sequence number costs one bit of its session's set; one without costs its content hash in its
/// session's set of those. Logs hold a session's events together, so the last session looked up is kept aside and
/// compared before any hashing.
struct DeliveredEvents: Sendable {
    /// Duplicates found so far.
    private(set) var duplicates = 0
    private var sessions: [SessionKey: SessionDeliveries] = [:]
    /// The session looked up last, taken out of `sessions` until another one is.
    private var current: (key: SessionKey, deliveries: SessionDeliveries)?

    /// Records the delivery of `event` and returns true the first time its identity is seen; returns false, and
    /// counts a duplicate, for any later time. An event without a sequence number must carry every field.
    mutating func insert(_ event: borrowing FlowEvent) -> Bool {
        insert(user: event.user, session: event.session, sequence: event.sequence, contentHash: event.hashValue)
    }

    /// As ``insert(_:)``, for an event known by its identity alone.
    mutating func insert(_ identity: EventIdentity) -> Bool {
        insert(user: identity.user, session: identity.session, sequence: identity.sequence, contentHash: identity.contentHash)
    }

    private mutating func insert(user: String, session: String, sequence: Int?, contentHash: @autoclosure () -> Int) -> Bool {
        if current?.key.user != user || current?.key.session != session {
            if let current { sessions[current.key] = current.deliveries }
            let key = SessionKey(user: user, session: session)
            current = (key, sessions.removeValue(forKey: key) ?? SessionDeliveries())
        }
        let isNew = if let sequence {
            current!.deliveries.numbers.insert(sequence)
        } else {
            current!.deliveries.contentHashes.insert(contentHash()).inserted
        }
        if !isNew { duplicates += 1 }
        return isNew
    }
}

/// A user's session, as the key of what was delivered of it.
private struct SessionKey: Hashable, Sendable {
    var user: String
    var session: String
}

/// What was delivered of one session: the sequence numbers of its numbered events, the content hashes of the others.
private struct SessionDeliveries: Sendable {
    var numbers = SequenceNumberSet()
    var contentHashes: Set<Int> = []
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
