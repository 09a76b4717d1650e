import Synchronization

/// A sink that keeps events in memory, for tests and for inspecting a session.
public final class InMemoryEventSink: FlowEventSink, Sendable {
    private let storage = Mutex<[FlowEvent]>([])

    /// Creates an empty sink.
    public init() {}

    /// Every event recorded so far, in order.
    public var events: [FlowEvent] { storage.withLock { $0 } }

    public func record(_ event: FlowEvent) throws(EventSinkError) {
        storage.withLock { $0.append(event) }
    }

    public func flush() throws(EventSinkError) {}
}
