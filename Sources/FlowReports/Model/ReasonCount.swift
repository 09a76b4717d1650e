/// How often failed mutations gave one reason.
public struct ReasonCount: Sendable, Hashable, Codable {
    /// The failure reason, e.g. `email_taken`.
    public var reason: String
    /// Failed mutations with that reason.
    public var count: Int

    /// Creates a count.
    public init(reason: String, count: Int) {
        self.reason = reason
        self.count = count
    }

    enum CodingKeys: String, CodingKey {
        case reason
        case count
    }
}
