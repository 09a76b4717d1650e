/// A move between two screens a flow offers, as a flow map explored it: what ``ReportOptions/offeredTransitions``
/// holds, so that a report can show which moves users made and which they never did.
public struct ScreenTransition: Sendable, Hashable {
    /// The name standing for the start of a path, before its first screen.
    public static let start = "(start)"

    /// The screen left, or ``start``.
    public var from: String
    /// The screen shown next.
    public var to: String

    /// Creates a move.
    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }
}
