/// Who a synthetic user is: their number, id and drawn attributes, before any assignment.
public struct SyntheticUser: Sendable, Hashable {
    /// The user's position in the simulated population, from 0.
    public var index: Int
    /// The user id events are logged under and experiments hash.
    public var id: String
    /// Attributes drawn from the behaviour model, such as `deviceClass`.
    public var attributes: [String: String]

    /// Creates a synthetic user.
    public init(index: Int, id: String, attributes: [String: String]) {
        self.index = index
        self.id = id
        self.attributes = attributes
    }
}
