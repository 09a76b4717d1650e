import Coordination

/// A state of a flow as the user sees it: every navigator's stack, each screen with its content,
/// and how the flow ended, if it has.
package struct ExploredState: Sendable {
    /// What identifies the state: two paths reaching equal keys reached the same state.
    package struct Key: Hashable, Sendable {
        /// The stacks, from the root navigator through each presented one.
        var stacks: [[ScreenSnapshot]]
        /// How the flow ended; nil while it runs.
        var outcome: FlowOutcome?
    }

    /// A screen's name and what it showed.
    struct ScreenSnapshot: Hashable, Sendable {
        var name: String
        var content: ScreenContent
    }

    /// The state's identity.
    package var key: Key
    /// The turns that reach it from the start, the first path found.
    package var path: [ExploredTurn]
    /// The visible screen's name; nil when none is.
    package var screen: String?
    /// What the visible screen shows.
    package var content: ScreenContent?
    /// How many coordinators are running in it.
    package var liveCoordinators: Int

    /// How the flow ended; nil while it runs.
    package var outcome: FlowOutcome? { key.outcome }
}
