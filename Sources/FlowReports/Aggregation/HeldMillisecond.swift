import FlowEvents

/// The countable events of one millisecond of a user not yet exposed to any tracked experiment, held so that an
/// exposure logged after them in that millisecond hands them to the window it opens, instead of the user's events
/// being counted again from a second read: a recorder writes a session's `session_started` before its `exposure`,
/// both in the session's first millisecond, and a `session_started` counts when a segment or a metric reads it.
///
/// One millisecond of one user is held at a time, and at most ``limit`` events of it: any other case is left to
/// the recount (``ExperimentLogAccumulator/rereadLength``), which gives the same counts.
struct HeldMillisecond: Sendable {
    /// The most events held; a millisecond with more is counted again instead.
    static let limit = 32

    private var user = -1
    private var time = Int64.min
    /// The events, in arrival order.
    private(set) var events: [FlowEvent] = []
    /// Whether ``events`` are every countable event of the user in the millisecond, so far.
    private var isComplete = false

    /// Holds `event`, a countable event (not an exposure) of `user`, who has no window yet, at `time`;
    /// `isFirstAtTime` says no countable event of the user at that time arrived before it.
    mutating func hold(_ event: FlowEvent, ofUser user: Int, at time: Int64, isFirstAtTime: Bool) {
        if user != self.user || time != self.time {
            self.user = user
            self.time = time
            events.removeAll(keepingCapacity: true)
            isComplete = isFirstAtTime
        }
        guard isComplete else { return }
        guard events.count < Self.limit else {
            isComplete = false
            events.removeAll(keepingCapacity: true)
            return
        }
        events.append(event)
    }

    /// Notes a countable event of `user` at `time` that is not held (the user has a window): the millisecond's
    /// events can no longer all be handed to a window opened later in it.
    mutating func release(user: Int, at time: Int64) {
        if user == self.user, time == self.time { isComplete = false }
    }

    /// Whether every countable event of `user` at `time` is held, so that an exposure opening a window then can
    /// take them.
    func holdsEvery(ofUser user: Int, at time: Int64) -> Bool {
        isComplete && user == self.user && time == self.time
    }
}
