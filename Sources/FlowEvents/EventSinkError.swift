/// Why an event sink could not open or write its destination.
public struct EventSinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination, e.g. a file path.
    public var destination: String
    /// What went wrong, in words.
    public var reason: String

    /// Creates an error for `destination`.
    public init(destination: String, reason: String) {
        self.destination = destination
        self.reason = reason
    }

    public var description: String { "\(destination): \(reason)" }
}
