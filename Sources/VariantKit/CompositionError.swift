/// Why the chosen variants could not be composed into a session's root coordinator.
public struct CompositionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, in words.
    public var description: String

    /// Creates an error with a description.
    public init(_ description: String) {
        self.description = description
    }
}
