import Coordination

/// A state of a flow as the user sees it: every navigator's stack, each screen with its content,
/// and how the flow ended, if it has.
package struct ExploredState: Sendable {
    /// What identifies the state: two paths reaching equal keys reached the same state.
    ///
    /// It is what the user sees and nothing else: the stacks of the root navigator and of each modal
    /// presented over it, every screen by name and content (title, text, error, fields with their
    /// values, actions, whether back is offered); or, once the flow has ended, how and on which screen.
    /// The model behind the screens (an account already created, a stock already reserved) is not part
    /// of it: two paths that show the same screens with different models behind them are one state, the
    /// first path found standing for both.
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
    /// The turns that reach it from the start, the first path found (a shortest one).
    package var path: [ExploredTurn]
    /// The visible screen's name; nil when none is.
    package var screen: String?
    /// What the visible screen shows.
    package var content: ScreenContent?
    /// The variant whose coordinator showed the visible screen, as the screen's events name it.
    package var variant: String?
    /// How many coordinators are running in it.
    package var liveCoordinators: Int
    /// Whether every turn the screen offers was tried from it; false for a state found when the
    /// exploration stopped at its limit, and for an ended flow.
    package var expanded = false
    /// The turns the screen offers that the session refused.
    package var refusedTurns: [RefusedTurn] = []
    /// The events the flow logs when the user abandons it in this state, in order; empty for an ended flow.
    package var abandonEvents: [EmittedEvent] = []

    /// How the flow ended; nil while it runs.
    package var outcome: FlowOutcome? { key.outcome }

    /// The names of the screens on each stack, from the root navigator through each presented one.
    package var stackNames: [[String]] { key.stacks.map { $0.map(\.name) } }

    /// How many modals the visible screen is presented in: 0 on the root navigator's stack.
    package var modalDepth: Int { max(0, key.stacks.count - 1) }
}
