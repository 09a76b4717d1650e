import FlowEvents

/// Numbers the users of a log and watches whether each user's events arrive in the user's time order.
///
/// A user's events arrive out of order when one of them could be counted differently had it arrived earlier:
/// an event stamped earlier than one of theirs already seen, or an exposure opening a window at the very
/// millisecond of an event of theirs that was already seen and could count (it must be counted from the
/// exposure on). Memory grows with users, not events.
struct UserArrivalOrder: Sendable {
    private var numbering = UserNumbering()
    /// The latest time among each user's events so far.
    private var latest: [Int64] = []
    /// Whether an event that can count (not an exposure) arrived at that latest time.
    private var countableAtLatest: [Bool] = []
    private var outOfOrder: [Bool] = []
    /// How many users' events arrived out of order.
    private(set) var outOfOrderUsers = 0
    /// The user looked up last and their index: consecutive lines of a log are often one user's, and comparing
    /// their id is cheaper than hashing it.
    private var lastUser: String?
    private var lastIndex = 0

    /// The index of `user`, numbering them as they first appear; `hash` is `user.hashValue`, made by the caller
    /// (on a reader's decoding thread).
    mutating func index(of user: String, hash: Int) -> Int {
        if user == lastUser { return lastIndex }
        let index = numbering.number(of: user, hash: hash)
        if index == latest.count {
            latest.append(.min)
            countableAtLatest.append(false)
            outOfOrder.append(false)
        }
        lastUser = user
        lastIndex = index
        return index
    }

    /// The index of `user` if it has appeared; `hash` is `user.hashValue`.
    func existingIndex(of user: String, hash: Int) -> Int? {
        numbering.existingNumber(of: user, hash: hash)
    }

    /// Whether the events of the user with index `user` arrived out of order.
    func isOutOfOrder(_ user: Int) -> Bool {
        outOfOrder[user]
    }

    /// Whether an event of the user with index `user` that can count (not an exposure) arrived at `time`, their
    /// latest.
    func hasCountableEvent(of user: Int, at time: Int64) -> Bool {
        latest[user] == time && countableAtLatest[user]
    }

    /// Records that `event` of the user with index `user` arrived, and returns whether it arrived out of order.
    ///
    /// - Parameters:
    ///   - opensWindow: `event` is an exposure that opens a window for the user.
    ///   - canCount: `event` could change a count: an event the accumulator's filter finds relevant (every
    ///     exposure is). Other events never arrive out of order.
    mutating func arrive(_ event: FlowEvent, of user: Int, opensWindow: Bool, canCount: Bool) -> Bool {
        guard canCount else { return false }
        let time = event.time.millisecondsSince1970
        if time < latest[user] || (opensWindow && time == latest[user] && countableAtLatest[user]) {
            outOfOrder[user] = true
            outOfOrderUsers += 1
            return true
        }
        if time > latest[user] {
            latest[user] = time
            countableAtLatest[user] = false
        }
        if event.type != .exposure {
            countableAtLatest[user] = true
        }
        return false
    }
}
