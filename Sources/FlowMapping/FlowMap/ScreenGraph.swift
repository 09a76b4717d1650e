import Coordination
import VariantKit

/// A map drawn by screen: a node per screen as shown (a screen presented modally is a node apart
/// from the same screen pushed), one per way the flow ends, and an edge per turn between them.
///
/// The states of a map tell apart every content a screen showed (an error, a typed value); the
/// screen graph merges them, so a turn that leaves the user on the same screen (a refused email) is
/// a loop on its node, and the node lists the errors its screen showed.
package struct ScreenGraph: Sendable {
    /// A node: a screen, or an end of the flow.
    package struct Node: Hashable, Sendable {
        /// What the node is.
        package enum Kind: String, Hashable, Sendable {
            /// A screen the user acts on.
            case screen
            /// The flow finished.
            case completed
            /// The flow ended as abandoned by a coordinator (not by the user leaving).
            case abandoned
        }

        /// A stable id: the screen's name, `@modal1` added for a screen in a modal, or
        /// `completed@home` and `abandoned@cart` for an end.
        package var id: String
        /// What the node is.
        package var kind: Kind
        /// The screen's name, or for an end the screen on show.
        package var screen: String?
        /// How many modals the screen is presented in.
        package var modalDepth: Int
        /// The screen's title.
        package var title: String
        /// The actions the screen offers.
        package var actions: [String]
        /// The fields it shows.
        package var fields: [String]
        /// Whether it offers back.
        package var allowsBack: Bool
        /// The errors it showed, in the order first shown.
        package var errors: [String]
        /// Whether the flow starts on it.
        package var isStart: Bool
        /// How many explored states show it.
        package var states: Int

        /// A one-line summary of what the node shows, for drawings: title, fields, errors.
        package var summary: String {
            switch kind {
            case .completed: return "completed" + (screen.map { " on \($0)" } ?? "")
            case .abandoned: return "ended as abandoned" + (screen.map { " on \($0)" } ?? "")
            case .screen:
                var parts = [title]
                if !fields.isEmpty { parts.append("fields: " + fields.joined(separator: ", ")) }
                if !errors.isEmpty { parts.append("errors: " + errors.joined(separator: "; ")) }
                return parts.joined(separator: " | ")
            }
        }

        /// What a comparison tells apart between two variants' nodes of one id.
        package var comparable: [String] {
            [title, actions.joined(separator: ","), fields.joined(separator: ","), String(allowsBack), errors.joined(separator: ";")]
        }
    }

    /// An edge: a turn from one node to another.
    package struct Edge: Hashable, Sendable {
        /// The node the turn is taken on.
        package var from: String
        /// The node it leads to.
        package var to: String
        /// The turn, as a route writes it: `create_account[email=taken@example.com]`, `back`.
        package var label: String
        /// The action; nil for back.
        package var action: String?
        /// The class of input: `none`, `valid`, or `field=value`.
        package var input: String
    }

    /// The nodes, in the order first reached.
    package private(set) var nodes: [Node] = []
    /// The edges, in the order first taken.
    package private(set) var edges: [Edge] = []
    /// The node the flow starts on; nil when the flow never showed a screen.
    package var start: String? { nodes.first { $0.isStart }?.id }

    /// Draws `map` by screen.
    package init(_ map: VariantMap) {
        var positions: [String: Int] = [:]
        var stateNodes: [String] = []
        for (index, state) in map.states.enumerated() {
            let node = Self.node(of: state, isStart: index == 0)
            stateNodes.append(node.id)
            if let position = positions[node.id] {
                nodes[position].states += 1
                for error in node.errors where !nodes[position].errors.contains(error) { nodes[position].errors.append(error) }
                nodes[position].isStart = nodes[position].isStart || node.isStart
            } else {
                positions[node.id] = nodes.count
                nodes.append(node)
            }
        }
        var seen: Set<Edge> = []
        for transition in map.transitions {
            let edge = Edge(
                from: stateNodes[transition.from], to: stateNodes[transition.to], label: transition.turn.description,
                action: transition.turn.action, input: transition.turn.input.description
            )
            if seen.insert(edge).inserted { edges.append(edge) }
        }
    }

    /// The id of the node `state` is drawn as.
    package static func nodeID(of state: ExploredState) -> String {
        switch state.outcome {
        case .completed(let screen)?: "completed@\(screen ?? "none")"
        case .abandoned(let screen)?: "abandoned@\(screen ?? "none")"
        case nil: state.modalDepth == 0 ? (state.screen ?? "none") : "\(state.screen ?? "none")@modal\(state.modalDepth)"
        }
    }

    /// The node a state is drawn as.
    private static func node(of state: ExploredState, isStart: Bool) -> Node {
        switch state.outcome {
        case .completed(screen: let screen)?:
            return Node(id: nodeID(of: state), kind: .completed, screen: screen, modalDepth: 0, title: "",
                        actions: [], fields: [], allowsBack: false, errors: [], isStart: isStart, states: 1)
        case .abandoned(screen: let screen)?:
            return Node(id: nodeID(of: state), kind: .abandoned, screen: screen, modalDepth: 0, title: "",
                        actions: [], fields: [], allowsBack: false, errors: [], isStart: isStart, states: 1)
        case nil:
            let depth = state.modalDepth
            let content = state.content
            return Node(
                id: nodeID(of: state), kind: .screen, screen: state.screen, modalDepth: depth,
                title: content?.title ?? "", actions: content?.actions.map(\.id) ?? [], fields: content?.fields.map(\.id) ?? [],
                allowsBack: content?.allowsBack ?? false, errors: content?.error.map { [$0] } ?? [], isStart: isStart, states: 1
            )
        }
    }
}
