extension EventType {
    /// How many event types there are: the size of a table indexed by ``denseIndex``.
    package static let denseIndexCount = allCases.count

    /// A dense index of the type, from 0 below ``denseIndexCount``: cheaper than hashing it, for
    /// tables by event type (the report's funnel steps, the simulation's line tails).
    package var denseIndex: Int {
        switch self {
        case .sessionStarted: 0
        case .exposure: 1
        case .assignment: 2
        case .screenShown: 3
        case .action: 4
        case .back: 5
        case .childStarted: 6
        case .childFinished: 7
        case .mutation: 8
        case .flowCompleted: 9
        case .flowAbandoned: 10
        }
    }
}
