/// How many events one simulated session may log before its user is made to leave, shared by the session's
/// recorder, which counts, and its simulated user, which stops: a behaviour model that never leaves a loop
/// (back and forth between two screens, a form failed forever) still ends every session.
package final class SessionEventBudget {
    /// Events after which the user leaves at its next turn.
    package let limit: Int
    /// Events the session has logged.
    package var recorded = 0
    /// Whether the user left because the budget was spent; the session's `flow_abandoned` then says so.
    package var stoppedTheSession = false

    /// Creates a budget of `limit` events.
    package init(limit: Int) {
        self.limit = limit
    }

    /// Makes the budget whole again, for another session.
    package func reset() {
        recorded = 0
        stoppedTheSession = false
    }

    /// Whether the session has logged `limit` events.
    package var isSpent: Bool { recorded >= limit }
}
