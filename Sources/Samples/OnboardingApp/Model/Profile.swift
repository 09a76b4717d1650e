/// What a user tells the app about themselves.
public struct Profile: Sendable, Hashable {
    /// The interests a user can pick from.
    public static let availableInterests = ["music", "travel", "sports", "cooking", "reading", "gaming"]

    /// The name shown to others.
    public var displayName: String
    /// Picked interests, from `availableInterests`.
    public var interests: [String]

    /// Creates a profile.
    public init(displayName: String, interests: [String] = []) {
        self.displayName = displayName
        self.interests = interests
    }
}
