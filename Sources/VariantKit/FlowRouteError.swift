/// Why a route could not be read or followed, naming the step.
public struct FlowRouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failing step, counted from 0; nil for the route as a whole.
    public var step: Int?
    /// What was wrong, naming the step and what was expected.
    public var message: String

    /// Creates an error.
    public init(step: Int?, message: String) {
        self.step = step
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
