/// Something a flow map shows wrong with a variant, the path of actions that reaches it and what to fix.
package struct MapLint: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of lint.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A state where the user can do nothing that changes what they see, and the flow has not ended.
        case deadEnd = "dead-end"
        /// States that lead only to each other: no turn from them ends the flow.
        case cycleWithoutExit = "cycle-without-exit"
        /// A funnel step (or goal) of an experiment that no path of one of its variations logs.
        case funnelStepNeverLogged = "funnel-step-never-logged"
        /// Funnel steps of an experiment that no path of one of its variations logs in their order, so that a
        /// report counts no user of that variation from the first step it cannot reach in order.
        case funnelOrder = "funnel-order"
        /// An event a metric of an experiment measures that no path of any of its variations logs.
        case metricNeverLogged = "metric-never-logged"
        /// A screen the app declares that no variant shows.
        case screenNeverReached = "screen-never-reached"
        /// Coordinators still running after the flow ended, by finishing or abandoning.
        case coordinatorAfterEnd = "coordinator-after-end"
        /// A coordinator left running after the user went back out of it, or started twice.
        case coordinatorLeak = "coordinator-leak"
        /// A screen shown whose name the app does not declare.
        case undeclaredScreen = "undeclared-screen"
        /// An event logged without its variant.
        case eventWithoutVariant = "event-without-variant"
        /// The variants do not compose into a session.
        case composition
        /// A path replayed from a fresh session went another way.
        case replayDiverged = "replay-diverged"
        /// Exploration stopped at the state limit: the map is partial.
        case stateLimit = "state-limit"
        /// A coordinator trapped (a fatal error, a failed precondition) while exploration drove it.
        case coordinatorTrapped = "coordinator-trapped"
        /// Exploration made no progress for seconds: a coordinator loops without returning.
        case explorationStalled = "exploration-stalled"
    }

    /// What is wrong.
    package var kind: Kind
    /// The combination of variants that shows it; empty for the app as a whole.
    package var combination: [SlotVariant]
    /// The variant to fix, when one is to blame; nil for the app or the combination as a whole.
    package var variant: String?
    /// The turns from the start that reach it; nil when no path does (a step never logged).
    package var path: [ExploredTurn]?
    /// What is wrong, where.
    package var message: String
    /// What to change.
    package var fix: String

    /// Describes a lint.
    package init(kind: Kind, combination: [SlotVariant], variant: String?, path: [ExploredTurn]?, message: String, fix: String) {
        self.kind = kind
        self.combination = combination
        self.variant = variant
        self.path = path
        self.message = message
        self.fix = fix
    }

    /// The lint in one line: `[dead-end] variant x (app-shell=phone, auth-flow=x), after start → ...: message; fix: ...`.
    package var description: String {
        var whom: [String] = []
        if let variant { whom.append("variant \(variant)") }
        if !combination.isEmpty { whom.append("(\(SlotVariant.describe(combination)))") }
        let place = whom.isEmpty ? "" : " " + whom.joined(separator: " ")
        let route = path.map { ", after \(ExploredTurn.describe($0))" } ?? ""
        return "[\(kind.rawValue)]\(place)\(route): \(message); fix: \(fix)"
    }
}
