import Coordination

/// A user that plays a fixed list of turns, remembering every screen it saw and every turn
/// that was rejected. When the script runs out it quits, which abandons the flow.
public struct ScriptedUser: FlowUser {
    /// A turn the flow refused, and why.
    public struct Rejection: Sendable, Hashable {
        /// The screen the turn was made on.
        public var screen: String
        /// The refused turn.
        public var turn: UserTurn
        /// Why it was refused.
        public var error: ScreenInputError
    }

    private var remaining: ArraySlice<UserTurn>
    /// The visible screen at each turn, in order.
    public private(set) var screensSeen: [String] = []
    /// Turns the flow refused.
    public private(set) var rejections: [Rejection] = []

    /// Creates a user that will play `turns` in order.
    public init(_ turns: [UserTurn]) {
        remaining = turns[...]
    }

    /// Whether every scripted turn was played.
    public var hasFinishedScript: Bool { remaining.isEmpty }

    public mutating func nextTurn(on screen: any Screen) -> UserTurn {
        screensSeen.append(screen.name)
        return remaining.popFirst() ?? .quit
    }

    public mutating func turnRejected(_ turn: UserTurn, on screen: any Screen, because error: ScreenInputError) {
        rejections.append(Rejection(screen: screen.name, turn: turn, error: error))
    }
}
