import Coordination
import FlowEvents
import VariantKit

/// A flow map as JSON, in the schema docs/Map.md documents (`schema` 1).
package enum FlowMapJSON {
    /// The schema version written.
    package static let schemaVersion = 1

    /// `map` as JSON, with the result of checking `route` against it when one was checked.
    package static func render(_ map: FlowMap, routes: [RouteCheck] = []) -> String {
        var members: [(String, JSONText)] = [
            ("schema", .integer(schemaVersion)),
            ("app", .string(map.app)),
            ("maxStates", .integer(map.maxStates)),
            ("complete", .bool(map.maps.allSatisfy(\.isComplete))),
            ("maps", .array(map.maps.enumerated().map { mapJSON($0.element, id: mapID($0.offset)) })),
            ("comparisons", .array(map.comparisons.map(comparisonJSON))),
            ("lints", .array(map.lints.map(lintJSON))),
        ]
        if !routes.isEmpty {
            members.append(("routes", .array(routes.map { routeJSON($0) })))
        }
        return JSONText.object(members).rendered
    }

    /// The id of the map at `index`: `m1`, `m2`, ...
    package static func mapID(_ index: Int) -> String { "m\(index + 1)" }

    /// The id of the state at `index`: `s0` is the start.
    package static func stateID(_ index: Int) -> String { "s\(index)" }

    private static func combinationJSON(_ combination: [SlotVariant]) -> JSONText {
        .object(combination.map { ($0.slot, .string($0.variant)) })
    }

    private static func mapJSON(_ map: VariantMap, id: String) -> JSONText {
        let graph = map.screens
        return .object([
            ("id", .string(id)),
            ("variants", combinationJSON(map.combination)),
            ("complete", .bool(map.isComplete)),
            ("limitReached", .bool(map.reachedLimit)),
            ("frontier", .strings(map.frontier.map(stateID))),
            ("failure", map.failure.map { failure in
                .object([
                    ("kind", .string(failure.kind.rawValue)),
                    (failure.kind == .trap ? "signal" : "seconds", .integer(failure.detail)),
                    ("path", .string(failure.path)),
                    ("message", .optional(failure.message)),
                ])
            } ?? .null),
            ("states", .array(map.states.enumerated().map { stateJSON($0.element, id: stateID($0.offset), node: ScreenGraph.nodeID(of: $0.element)) })),
            ("transitions", .array(map.transitions.map(transitionJSON))),
            ("screens", screensJSON(graph)),
            ("problems", .array(map.problems.map { problem in
                .object([("kind", .string(problem.kind.rawValue)), ("path", .strings(problem.path.map(\.description))),
                         ("message", .string(problem.message))])
            })),
            ("stats", .object([
                ("states", .integer(map.states.count)), ("transitions", .integer(map.transitions.count)),
                ("replays", .integer(map.replays)),
            ])),
        ])
    }

    private static func stateJSON(_ state: ExploredState, id: String, node: String) -> JSONText {
        let outcome: JSONText
        switch state.outcome {
        case .completed?: outcome = .string("completed")
        case .abandoned?: outcome = .string("abandoned")
        case nil: outcome = .null
        }
        var members: [(String, JSONText)] = [
            ("id", .string(id)),
            ("node", .string(node)),
            ("screen", .optional(state.screen ?? endScreen(state.outcome))),
            ("variant", .optional(state.variant)),
            ("outcome", outcome),
            ("path", .strings(state.path.map(\.description))),
        ]
        if let content = state.content {
            members += [
                ("stacks", .array(state.stackNames.map { .strings($0) })),
                ("title", .string(content.title)),
                ("error", .optional(content.error)),
                ("fields", .object(content.fields.map { ($0.id, .string($0.value)) })),
                ("actions", .strings(content.actions.map(\.id))),
                ("allowsBack", .bool(content.allowsBack)),
            ]
        }
        members += [
            ("liveCoordinators", .integer(state.liveCoordinators)),
            ("expanded", .bool(state.expanded)),
            ("refused", .array(state.refusedTurns.map { .object([("turn", .string($0.turn.description)), ("reason", .string($0.reason))]) })),
        ]
        return .object(members)
    }

    private static func endScreen(_ outcome: FlowOutcome?) -> String? {
        switch outcome {
        case .completed(let screen)?, .abandoned(let screen)?: screen
        case nil: nil
        }
    }

    private static func transitionJSON(_ transition: ExploredTransition) -> JSONText {
        .object([
            ("from", .string(stateID(transition.from))),
            ("to", .string(stateID(transition.to))),
            ("turn", .string(transition.turn.description)),
            ("action", .optional(transition.turn.action)),
            ("input", .string(transition.turn.input.description)),
            ("events", .array(transition.events.map(eventJSON))),
        ])
    }

    private static func eventJSON(_ event: EmittedEvent) -> JSONText {
        var members: [(String, JSONText)] = [("type", .string(event.type.rawValue)), ("variant", .optional(event.variant))]
        if let screen = event.screen { members.append(("screen", .string(screen))) }
        if let action = event.action { members.append(("action", .string(action))) }
        if !event.properties.isEmpty {
            members.append(("properties", .object(event.properties.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        return .object(members)
    }

    private static func screensJSON(_ graph: ScreenGraph) -> JSONText {
        .object([
            ("start", .optional(graph.start)),
            ("nodes", .array(graph.nodes.map(nodeJSON))),
            ("edges", .array(graph.edges.map { edgeJSON($0) })),
        ])
    }

    private static func nodeJSON(_ node: ScreenGraph.Node) -> JSONText {
        .object([
            ("id", .string(node.id)),
            ("kind", .string(node.kind.rawValue)),
            ("screen", .optional(node.screen)),
            ("modalDepth", .integer(node.modalDepth)),
            ("title", .string(node.title)),
            ("actions", .strings(node.actions)),
            ("fields", .strings(node.fields)),
            ("allowsBack", .bool(node.allowsBack)),
            ("errors", .strings(node.errors)),
            ("states", .integer(node.states)),
        ])
    }

    private static func edgeJSON(_ edge: ScreenGraph.Edge, side: MapComparison.Side? = nil) -> JSONText {
        var members: [(String, JSONText)] = [
            ("from", .string(edge.from)), ("to", .string(edge.to)), ("turn", .string(edge.label)),
            ("action", .optional(edge.action)), ("input", .string(edge.input)),
        ]
        if let side { members.append(("side", .string(side.rawValue))) }
        return .object(members)
    }

    private static func comparisonJSON(_ comparison: MapComparison) -> JSONText {
        .object([
            ("slot", .string(comparison.slot)),
            ("baseline", .string(mapID(comparison.baseline))),
            ("other", .string(mapID(comparison.other))),
            ("alike", .bool(comparison.isAlike)),
            ("nodes", .array(comparison.nodes.map { .object([("id", .string($0.node.id)), ("side", .string($0.side.rawValue))]) })),
            ("edges", .array(comparison.edges.map { edgeJSON($0.edge, side: $0.side) })),
        ])
    }

    private static func lintJSON(_ lint: MapLint) -> JSONText {
        .object([
            ("kind", .string(lint.kind.rawValue)),
            ("variant", .optional(lint.variant)),
            ("variants", lint.combination.isEmpty ? .null : combinationJSON(lint.combination)),
            ("path", lint.path.map { .strings($0.map(\.description)) } ?? .null),
            ("message", .string(lint.message)),
            ("fix", .string(lint.fix)),
        ])
    }

    private static func routeJSON(_ check: RouteCheck) -> JSONText {
        var members: [(String, JSONText)] = [
            ("map", .string(mapID(check.map))),
            ("route", .string(check.route.description)),
            ("follows", .bool(check.failure == nil)),
        ]
        if let state = check.reached { members.append(("reaches", .string(stateID(state)))) }
        if let screen = check.screen { members.append(("screen", .string(screen))) }
        if let failure = check.failure {
            members.append(("failedStep", .integer(failure.step + 1)))
            members.append(("reason", .string(failure.reason)))
        }
        return .object(members)
    }
}
