/// The explored map of one combination of variants: its states and the turns between them, what
/// exploration found wrong, and the screens drawn from them.
package struct VariantMap: Sendable {
    /// The variant of every slot, in the app's slot order.
    package var combination: [SlotVariant]
    /// The states, the start first, breadth first.
    package var states: [ExploredState]
    /// The turns between them.
    package var transitions: [ExploredTransition]
    /// What exploration found wrong.
    package var problems: [ExplorationProblem]
    /// Whether every state reachable was expanded (no limit reached, and the variants composed).
    package var isComplete: Bool
    /// Whether exploration stopped at the state limit.
    package var reachedLimit: Bool
    /// The states left unexpanded at the limit, as indices into `states`.
    package var frontier: [Int]
    /// The events the flow logs as it starts, before the user's first turn, in order.
    package var startEvents: [EmittedEvent]
    /// Every distinct event the flow logs, each with the first path that logs it.
    package var events: [(event: EmittedEvent, path: [ExploredTurn])]
    /// How many sessions exploration replayed.
    package var replays: Int
    /// How long exploration took, in seconds.
    package var seconds: Double
    /// Why the combination was not explored: its coordinators trapped or stalled in an earlier process.
    package var failure: ExplorationSkip?

    /// The map of `exploration`, which ran `combination`.
    package init(combination: [SlotVariant], exploration: FlowExploration, seconds: Double) {
        self.combination = combination
        states = exploration.states
        transitions = exploration.transitions
        problems = exploration.problems
        reachedLimit = exploration.reachedLimit
        isComplete = !exploration.reachedLimit && !exploration.states.isEmpty
        frontier = exploration.frontier
        startEvents = exploration.startEvents
        events = exploration.events
        replays = exploration.replays
        self.seconds = seconds
    }

    /// The map of a combination whose exploration `failure` ended: no state.
    package init(combination: [SlotVariant], failure: ExplorationSkip) {
        self.combination = combination
        states = []
        transitions = []
        problems = []
        isComplete = false
        reachedLimit = false
        frontier = []
        startEvents = []
        events = []
        replays = 0
        seconds = 0
        self.failure = failure
    }

    /// The variant running in `slot`.
    package func variant(in slot: String) -> String? {
        combination.first { $0.slot == slot }?.variant
    }

    /// The screens and the actions between them, as drawn.
    package var screens: ScreenGraph { ScreenGraph(self) }

    /// `app-shell=phone, auth-flow=signup-before-profile`.
    package var title: String { SlotVariant.describe(combination) }
}
