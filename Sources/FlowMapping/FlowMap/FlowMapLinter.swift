import Coordination
import FlowEvents
import VariantKit

/// Finds what a set of maps shows wrong (`MapLint.Kind`): in each map, dead ends, cycles with no
/// way out, and what exploration found (coordinators left running, undeclared screens, ...); over
/// the maps, funnel steps a variation never logs or never logs in order, and declared screens no variant shows.
package enum FlowMapLinter {
    /// The lints of `maps` of `app`, whose funnels are `funnels`.
    ///
    /// - Parameter coversEveryVariant: whether the maps run every variant registered for the app, so
    ///   that a screen none of them shows is one no variant shows.
    package static func lints(
        of maps: [VariantMap], app: any HostedApp.Type, funnels: [FunnelExpectation], coversEveryVariant: Bool
    ) -> [MapLint] {
        var lints: [MapLint] = []
        var seen: Set<String> = []
        func add(_ lint: MapLint) {
            if seen.insert(lint.description).inserted { lints.append(lint) }
        }
        for map in maps {
            if let failure = map.failure { add(lint(for: failure, in: map)) }
            for problem in map.problems { add(lint(for: problem, in: map)) }
            for lint in trapLints(of: map) { add(lint) }
            if map.reachedLimit { add(limitLint(of: map)) }
        }
        for funnel in funnels {
            for lint in funnelLints(funnel, maps: maps, app: app) { add(lint) }
        }
        if coversEveryVariant, maps.allSatisfy(\.isComplete) {
            for lint in unreachedScreenLints(maps: maps, app: app) { add(lint) }
        }
        return lints
    }

    // MARK: Exploration's problems

    private static func lint(for problem: ExplorationProblem, in map: VariantMap) -> MapLint {
        let kind: MapLint.Kind = switch problem.kind {
        case .composition: .composition
        case .variantMissing: .eventWithoutVariant
        case .undeclaredScreen: .undeclaredScreen
        case .coordinatorsAfterFinish, .coordinatorsAfterAbandon, .coordinatorRetained: .coordinatorAfterEnd
        case .coordinatorsAfterBack: .coordinatorLeak
        case .replayDiverged: .replayDiverged
        }
        let variant = problem.variant ?? (problem.path.isEmpty ? nil : map.states.first { $0.path == problem.path }?.variant)
        return MapLint(kind: kind, combination: map.combination, variant: variant, path: problem.path, message: problem.message, fix: problem.fix)
    }

    private static func lint(for failure: ExplorationSkip, in map: VariantMap) -> MapLint {
        let at = failure.path.isEmpty ? "starting the flow" : "replaying \(failure.path)"
        switch failure.kind {
        case .trap:
            return MapLint(
                kind: .coordinatorTrapped, combination: map.combination, variant: nil, path: failure.turns,
                message: "a coordinator trapped (signal \(failure.detail)) while exploration was \(at)"
                    + (failure.message.map { ": \($0)" } ?? "") + "; this combination is not mapped, the others are",
                fix: "replace the trap (fatalError, precondition, a forced unwrap, an index out of range) with a screen that tells the user, "
                    + "or make the state that reaches it impossible; `switchyard run` with these variants walks the path"
            )
        case .stall:
            return MapLint(
                kind: .explorationStalled, combination: map.combination, variant: nil, path: failure.turns,
                message: "exploration made no progress for \(failure.detail) s while \(at): a coordinator or screen loops without "
                    + "returning; this combination is not mapped, the others are",
                fix: "make the action return: a coordinator reacts to a turn and returns, and waits for the next one"
            )
        }
    }

    private static func limitLint(of map: VariantMap) -> MapLint {
        let first = map.frontier.first.map { map.states[$0] }
        return MapLint(
            kind: .stateLimit, combination: map.combination, variant: nil, path: first?.path,
            message: "exploration stopped at \(map.states.count) states, the limit, with \(map.frontier.count) left to expand "
                + "(the map is partial; the first left is \(first?.screen.map { "\"\($0)\"" } ?? "a state") here)",
            fix: "raise --max-states, or make the screens show no ever-new content (a counter, a time) that makes every visit a new state"
        )
    }

    // MARK: Traps

    private static func trapLints(of map: VariantMap) -> [MapLint] {
        StateTraps(map).traps.map { trap in
            let first = map.states[trap.states[0]]
            let screen = first.screen.map { "\"\($0)\"" } ?? "no screen"
            if trap.isDeadEnd {
                return MapLint(
                    kind: .deadEnd, combination: map.combination, variant: first.variant, path: first.path,
                    message: "dead end on \(screen): " + deadEndDetail(of: trap.states[0], in: map) + ", and the flow has not ended",
                    fix: "give \(screen) an action that moves on or ends the flow, or let the user go back"
                )
            }
            var screens: [String] = []
            for state in trap.states {
                if let name = map.states[state].screen, !screens.contains(name) { screens.append(name) }
            }
            return MapLint(
                kind: .cycleWithoutExit, combination: map.combination, variant: first.variant, path: first.path,
                message: "\(trap.states.count) states on " + screens.map { "\"\($0)\"" }.joined(separator: ", ")
                    + " lead only to each other: from them no turn reaches the end of the flow, and the user can only abandon it",
                fix: "give one of these screens a way out: an action that moves on or finishes the flow, or back to a screen before them"
            )
        }
    }

    private static func deadEndDetail(of index: Int, in map: VariantMap) -> String {
        let state = map.states[index]
        let taken = map.transitions.filter { $0.from == index }.map(\.turn.description)
        let refused = state.refusedTurns.map { "\($0.turn) (\($0.reason))" }
        if taken.isEmpty && refused.isEmpty { return "the screen offers no action and no back" }
        var parts: [String] = []
        if !taken.isEmpty { parts.append("\(taken.joined(separator: ", ")) leave\(taken.count == 1 ? "s" : "") it as it is") }
        if !refused.isEmpty { parts.append("the session refuses \(refused.joined(separator: ", "))") }
        return parts.joined(separator: "; ")
    }

    // MARK: Funnels

    private static func funnelLints(_ funnel: FunnelExpectation, maps: [VariantMap], app: any HostedApp.Type) -> [MapLint] {
        var lints: [MapLint] = []
        let hostLogged = FunnelExpectation.hostLoggedTypes
        for variation in funnel.variations {
            let running = maps.filter { $0.variant(in: funnel.slot) == variation && !$0.states.isEmpty }
            guard !running.isEmpty, running.allSatisfy(\.isComplete) else { continue }
            let logged = running.flatMap { $0.events.map(\.event) }
            let states = running.reduce(0) { $0 + $1.states.count }
            let named = funnel.steps.enumerated().map { ("step \($0.offset + 1) \"\($0.element.name)\"", $0.element) }
                + [("goal \"\(funnel.goal.name)\"", funnel.goal)]
            for (label, step) in named where !hostLogged.contains(step.matcher.type) {
                guard !logged.contains(where: { $0.isMatched(by: step.matcher) }) else { continue }
                let near = Array(Set(logged.filter { $0.type == step.matcher.type }.map(\.description))).sorted()
                let shown = near.isEmpty
                    ? "it logs no \(step.matcher.type.rawValue) event at all"
                    : "its \(step.matcher.type.rawValue) events are: " + near.prefix(6).joined(separator: "; ")
                        + (near.count > 6 ? "; and \(near.count - 6) more" : "")
                lints.append(MapLint(
                    kind: .funnelStepNeverLogged, combination: running[0].combination, variant: variation, path: nil,
                    message: "experiment \"\(funnel.experiment)\" counts \(label) (\(step.matcher.summary)), which no path of "
                        + "\(variation) logs (\(states) states explored), so the experiment can never count it for this variation; "
                        + shown,
                    fix: "make \(variation)'s coordinator \(remedy(for: step.matcher)), or change the step in \(funnel.source)"
                ))
            }
        }
        lints += orderLints(funnel, maps: maps)
        lints += metricLints(funnel, maps: maps)
        return lints
    }

    /// The steps of `funnel` a variation logs, but never once the steps before them are completed in order: a report
    /// then counts none of its users from that step on. Decided on every path of the maps running the variation
    /// (`FunnelStepProgress`), and only for steps the variation logs somewhere: one it never logs is a
    /// `funnel-step-never-logged` lint. After each such step the others are followed without it, so that every
    /// step out of order is named at once.
    private static func orderLints(_ funnel: FunnelExpectation, maps: [VariantMap]) -> [MapLint] {
        var lints: [MapLint] = []
        for variation in funnel.variations {
            let running = maps.filter { $0.variant(in: funnel.slot) == variation && !$0.states.isEmpty }
            guard !running.isEmpty, running.allSatisfy(\.isComplete) else { continue }
            let logged = running.flatMap(\.events)
            var followed = funnel.steps.indices.filter { index in
                let matcher = funnel.steps[index].matcher
                return FunnelExpectation.hostLoggedTypes.contains(matcher.type) || logged.contains { $0.event.isMatched(by: matcher) }
            }
            let states = running.reduce(0) { $0 + $1.states.count }
            while followed.count > 1 {
                let matchers = followed.map { funnel.steps[$0].matcher }
                let furthest = running.map { FunnelStepProgress(of: $0, steps: matchers).furthest }.max() ?? 0
                guard furthest > 0, furthest < followed.count else { break }
                let (before, blocked) = (followed[furthest - 1], followed[furthest])
                let step = funnel.steps[blocked]
                let firstLogged = logged.first { $0.event.isMatched(by: step.matcher) }.map { ExploredTurn.describe($0.path) }
                let reached = followed[..<furthest].map { "\($0 + 1)" }
                lints.append(MapLint(
                    kind: .funnelOrder, combination: running[0].combination, variant: variation, path: nil,
                    message: "experiment \"\(funnel.experiment)\" counts step \(blocked + 1) \"\(step.name)\" (\(step.matcher.summary)) "
                        + "after step \(before + 1) \"\(funnel.steps[before].name)\", but no path of \(variation) logs it once "
                        + "step\(reached.count == 1 ? "" : "s") \(reached.joined(separator: ", ")) \(reached.count == 1 ? "is" : "are") "
                        + "completed in order (\(states) states explored), though it logs it otherwise"
                        + (firstLogged.map { " (first after \($0))" } ?? "") + ", so a report counts no user of "
                        + "\(variation) at step \(blocked + 1) or any step after it",
                    fix: "make \(variation)'s coordinator log step \(blocked + 1) after step \(before + 1), or reorder or drop the steps "
                        + "in \(funnel.source) so that every variation logs them in their order (a step the variations take in "
                        + "different orders can be a metric instead)"
                ))
                followed.remove(at: furthest)
            }
        }
        return lints
    }

    /// A metric whose events no path of any of the experiment's variations logs: the metric is 0 (or missing) for
    /// every user, whatever the flow, which is a mistake in its definition or in the flows.
    private static func metricLints(_ funnel: FunnelExpectation, maps: [VariantMap]) -> [MapLint] {
        let running = maps.filter { map in funnel.variations.contains { map.variant(in: funnel.slot) == $0 } && !map.states.isEmpty }
        guard !running.isEmpty, running.allSatisfy(\.isComplete) else { return [] }
        let hostLogged = FunnelExpectation.hostLoggedTypes
        let logged = running.flatMap { $0.events.map(\.event) }
        let states = running.reduce(0) { $0 + $1.states.count }
        return funnel.metricEvents.filter { step in
            !hostLogged.contains(step.matcher.type) && !logged.contains { $0.isMatched(by: step.matcher) }
        }.map { step in
            MapLint(
                kind: .metricNeverLogged, combination: [], variant: nil, path: nil,
                message: "experiment \"\(funnel.experiment)\" measures \(step.name) on \(step.matcher.summary) events, which no path of "
                    + "\(funnel.variations.joined(separator: " or ")) logs (\(states) states explored), so the metric is the same for "
                    + "every user of every variation",
                fix: "correct the metric's matcher in \(funnel.source), or make a variation's coordinator \(remedy(for: step.matcher))"
            )
        }
    }

    /// What a coordinator does to log an event `matcher` matches, in words.
    private static func remedy(for matcher: EventMatcher) -> String {
        let screen = matcher.screen.map { " \"\($0)\"" } ?? ""
        switch matcher.type {
        case .screenShown: return "show the screen\(screen)"
        case .action: return "offer the action \(matcher.action.map { "\"\($0)\"" } ?? "") on the screen\(screen)"
        case .mutation:
            let operation = matcher.properties["operation"].map { "the mutation \"\($0)\"" } ?? "a mutation"
            return "record \(operation) (recordMutation) with the outcome the step names"
        case .back: return "let the user go back from the screen\(screen)"
        case .flowCompleted: return "finish the flow (the root coordinator's finish())"
        case .flowAbandoned: return "end the flow as the step names"
        case .childStarted, .childFinished: return "start and end the child coordinator the step names"
        case .sessionStarted, .exposure, .assignment: return "log the event"
        }
    }

    // MARK: Screens

    private static func unreachedScreenLints(maps: [VariantMap], app: any HostedApp.Type) -> [MapLint] {
        var reached: Set<String> = []
        for map in maps {
            for state in map.states {
                for stack in state.stackNames { reached.formUnion(stack) }
                switch state.outcome {
                case .completed(screen: let screen?)?, .abandoned(screen: let screen?)?: reached.insert(screen)
                default: break
                }
            }
            for (event, _) in map.events where event.type == .screenShown {
                if let screen = event.screen { reached.insert(screen) }
            }
        }
        return app.screenNames.filter { !reached.contains($0) }.map { screen in
            MapLint(
                kind: .screenNeverReached, combination: [], variant: nil, path: nil,
                message: "\(app.name) declares screen \"\(screen)\", but no variant shows it on any path of the app's synthetic input",
                fix: "remove \"\(screen)\" from \(String(reflecting: app)).screenNames, or make the variant meant to show it reach it"
            )
        }
    }
}
