import FlowEvents

/// Where an event kept for recounting stands: sorting these puts every user's events together, in the user's
/// time order, without moving the events themselves.
struct RecountKey: Sendable {
    /// The index of the event's user.
    let user: Int
    /// The event's time, in milliseconds.
    let time: Int64
    /// Whether the event is an exposure: exposures come first within a millisecond.
    let isExposure: Bool
    /// How many events the accumulator had been handed before this one: what remaining ties are broken by.
    let position: Int
    /// Where the event is kept.
    var index: Int

    init(user: Int, time: Int64, isExposure: Bool, position: Int, index: Int) {
        self.user = user
        self.time = time
        self.isExposure = isExposure
        self.position = position
        self.index = index
    }

    init(user: Int, event: FlowEvent, position: Int, index: Int) {
        self.user = user
        time = event.time.millisecondsSince1970
        isExposure = event.type == .exposure
        self.position = position
        self.index = index
    }

    /// By user, then the user's time order: time; within a millisecond exposures first; then log position.
    static func < (lhs: RecountKey, rhs: RecountKey) -> Bool {
        if lhs.user != rhs.user { return lhs.user < rhs.user }
        if lhs.time != rhs.time { return lhs.time < rhs.time }
        if lhs.isExposure != rhs.isExposure { return lhs.isExposure }
        return lhs.position < rhs.position
    }
}
