import FlowEvents
import Foundation

/// Tells the time events are stamped with.
public protocol EventClock: AnyObject {
    /// The current time.
    func now() -> EventTimestamp
}

/// The wall clock.
public final class SystemClock: EventClock {
    /// Creates the clock.
    public init() {}

    /// The current wall-clock time, to the millisecond (rounded down).
    public func now() -> EventTimestamp {
        EventTimestamp(millisecondsSince1970: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
    }
}
