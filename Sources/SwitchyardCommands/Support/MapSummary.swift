import FlowMapping
import FlowReports
import Foundation

/// The lines `map` and `validate` write about a flow map: what was explored, how fast, and the route checks;
/// sanitized and cut for the terminal (`TerminalText.message`).
enum MapSummary {
    /// `onboarding: 3 combinations, 41 states, 120 transitions in 0.05 s (820 states/s); every lint passed`.
    static func line(for map: FlowMap) -> String {
        let states = map.stateCount
        let transitions = map.maps.reduce(0) { $0 + $1.transitions.count }
        let rate = map.seconds > 0 ? Int((Double(states) / map.seconds).rounded()) : states
        let outcome = map.lints.isEmpty
            ? "every lint passed"
            : "\(map.lints.count) lint\(map.lints.count == 1 ? "" : "s")"
        return TerminalText.message("\(map.app): \(map.maps.count) combination\(map.maps.count == 1 ? "" : "s"), \(states) states, \(transitions) transitions "
            + "explored in \(String(format: "%.3f", map.seconds)) s (\(rate) states/s); \(outcome)")
    }

    /// `route get_started > ... on app-shell=phone, auth-flow=...: opens the flow at "profile"`, or the failing step.
    static func line(for check: RouteCheck, in map: FlowMap) -> String {
        let combination = map.maps[check.map].title
        guard let failure = check.failure else {
            return TerminalText.message("route \(check.route) on \(combination): opens the flow at \"\(check.screen ?? "no screen")\"")
        }
        return TerminalText.message("route \(check.route) on \(combination): refused at \(failure.reason)")
    }
}
