import FlowEvents

/// An event and its position in the log, as an accumulator saw it: what ties are broken by.
struct PositionedEvent: Sendable {
    /// How many events the accumulator had been handed before this one.
    let position: Int
    let event: FlowEvent

    /// A user's time order: by time; within a millisecond exposures first, then by position in the log.
    static func isInUserTimeOrder(_ lhs: PositionedEvent, _ rhs: PositionedEvent) -> Bool {
        if lhs.event.time != rhs.event.time { return lhs.event.time < rhs.event.time }
        let lhsIsExposure = lhs.event.type == .exposure
        if lhsIsExposure != (rhs.event.type == .exposure) { return lhsIsExposure }
        return lhs.position < rhs.position
    }
}
