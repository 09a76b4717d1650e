import Coordination
import VariantKit

/// A route checked against one variant map and replayed through the session API: the state and
/// screen it opens the flow at, or the step the variant cannot follow.
package struct RouteCheck: Sendable {
    /// Where a route stopped.
    package struct Failure: Sendable, Hashable {
        /// The step, counted from 0.
        package var step: Int
        /// Why, naming the step, the screen it was taken on and what the screen offers.
        package var reason: String
    }

    /// The map, as an index into `FlowMap.maps`.
    package var map: Int
    /// The route.
    package var route: FlowRoute
    /// The state the route reaches in the map, when it follows.
    package var reached: Int?
    /// The screen it opens the flow at, or on which the flow ended.
    package var screen: String?
    /// The step the variant cannot follow; nil when it follows the whole route.
    package var failure: Failure?

    /// Follows `route` in `maps[index]`, from the start state along the map's transitions, then replays it
    /// in a fresh session of `app` through `FlowRoute.follow(in:input:user:)`, which must end on the same screen.
    package init(_ route: FlowRoute, maps: [VariantMap], index: Int, app: any HostedApp.Type, selection: VariantSelection) {
        self.map = index
        self.route = route
        let map = maps[index]
        guard !map.states.isEmpty else {
            failure = Failure(step: 0, reason: "the variants do not compose, so the map has no start")
            return
        }
        var state = 0
        for (position, step) in route.steps.enumerated() {
            let label = step.description
            let current = map.states[state]
            let screen = current.screen.map { "\"\($0)\"" } ?? "the end of the flow"
            if let transition = map.transitions.first(where: { $0.from == state && $0.turn.description == label }) {
                state = transition.to
                continue
            }
            let reason: String
            if current.outcome != nil {
                reason = "the flow has already ended (\(current.outcome?.isCompleted == true ? "completed" : "abandoned"))"
            } else if let refused = current.refusedTurns.first(where: { $0.turn.description == label }) {
                reason = "\(screen) refuses it: \(refused.reason)"
            } else if !current.expanded {
                reason = "exploration stopped at its state limit before \(screen) here; raise --max-states"
            } else {
                let offered = map.transitions.filter { $0.from == state }.map(\.turn.description)
                reason = "\(screen) offers no such turn; it offers: " + (offered.isEmpty ? "nothing" : offered.joined(separator: ", "))
            }
            failure = Failure(step: position, reason: "step \(position + 1) \(label) after \(ExploredTurn.describe(current.path)): \(reason)")
            return
        }
        reached = state
        let end = map.states[state]
        screen = end.screen ?? Self.endScreen(end.outcome)
        if let replayed = Self.replay(route, app: app, selection: selection), replayed.failure != nil || replayed.screen != screen {
            failure = Failure(
                step: replayed.failure?.step ?? route.steps.count - 1,
                reason: "the map follows the route to \(screen ?? "no screen"), but replaying it in a fresh session "
                    + (replayed.failure.map { "failed: \($0.reason)" } ?? "ends on \(replayed.screen ?? "no screen")")
                    + ": the flow depends on something besides the user's turns"
            )
        }
    }

    /// Replays `route` in a fresh session: the screen it ends on, or its failure; nil when the variants do not compose.
    private static func replay(_ route: FlowRoute, app: any HostedApp.Type, selection: VariantSelection) -> (screen: String?, failure: Failure?)? {
        guard let root = try? app.makeRootCoordinator(for: selection, navigator: Navigator()) else { return nil }
        let session = FlowSession(root: root)
        session.start()
        do {
            try route.follow(in: session, input: app.syntheticInput, user: FlowExploration.userNumber)
        } catch {
            return (nil, Failure(step: error.step ?? 0, reason: error.message))
        }
        return (session.isRunning ? session.visibleScreen?.name : endScreen(session.outcome), nil)
    }

    private static func endScreen(_ outcome: FlowOutcome?) -> String? {
        switch outcome {
        case .completed(let screen)?, .abandoned(let screen)?: screen
        case nil: nil
        }
    }
}
