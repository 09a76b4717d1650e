/// Something exploration found wrong with a flow, with the path of turns that shows it.
package struct ExplorationProblem: Hashable, Sendable, CustomStringConvertible {
    /// The kinds of problem.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The variants do not compose into a root coordinator.
        case composition
        /// A signal carried no variant, or one the session did not run.
        case variantMissing
        /// A screen was shown whose name the app does not declare.
        case undeclaredScreen
        /// Coordinators were still running after the flow finished.
        case coordinatorsAfterFinish
        /// Coordinators were still running after the user abandoned.
        case coordinatorsAfterAbandon
        /// A coordinator was still alive after the flow ended and its session was released: something keeps a
        /// strong reference to it (a retain cycle through a screen's closure, a static property).
        case coordinatorRetained
        /// The same screens were on show with a different number of coordinators running.
        case coordinatorsAfterBack
        /// A path that reached a state once was refused on replaying it from a fresh session: the flow
        /// depends on something besides the user's turns (a clock, a random source, state shared
        /// between sessions).
        case replayDiverged
    }

    /// What is wrong.
    package var kind: Kind
    /// The turns from the start that show it.
    package var path: [ExploredTurn]
    /// What is wrong, in words.
    package var message: String
    /// What to change, in words.
    package var fix: String
    /// The variant to blame, when exploration can tell (the variant of a coordinator left alive).
    package var variant: String?

    /// The path, as `start → get_started → create_account[valid]`.
    package var pathDescription: String {
        ExploredTurn.describe(path)
    }

    /// Describes a problem.
    package init(kind: Kind, path: [ExploredTurn], message: String, fix: String, variant: String? = nil) {
        self.kind = kind
        self.path = path
        self.message = message
        self.fix = fix
        self.variant = variant
    }

    /// The problem, where, and the fix: `message (after start → next); fix`.
    package var description: String { "\(message) (after \(pathDescription)); \(fix)" }
}
