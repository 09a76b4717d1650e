/// A destination for flow events: a file, memory, a network client.
///
/// Sinks buffer as they like; `flush()` makes everything recorded so far durable at the sink's
/// level of durability. Hosts flush at the end of every session and before the process exits.
public protocol FlowEventSink: AnyObject {
    /// Records one event.
    func record(_ event: FlowEvent) throws(EventSinkError)
    /// Writes out everything recorded so far.
    func flush() throws(EventSinkError)
}
