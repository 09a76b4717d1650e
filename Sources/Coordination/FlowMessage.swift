/// A message a coordinator sends up the tree for the nearest coordinator that handles it,
/// like an action travelling up a responder chain.
///
/// Any type can be a message; coordinators check for the types they know in `handle(_:)`.
public protocol FlowMessage {}

/// Where a message sent up the coordinator tree ended up.
public enum MessageDelivery: Sendable, Hashable, CustomStringConvertible {
    /// The coordinator with this name handled it.
    case handled(by: String)
    /// It reached the root and nobody handled it.
    case unhandled

    /// Where the message ended up, in words.
    public var description: String {
        switch self {
        case .handled(let coordinator): "handled by \(coordinator)"
        case .unhandled: "no coordinator handled the message"
        }
    }
}
