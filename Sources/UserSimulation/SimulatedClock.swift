import FlowEvents
import VariantHost

/// A clock that only moves when told to, so simulated sessions take no real time and their
/// timestamps depend on nothing but the seed.
package final class SimulatedClock: EventClock {
    private var milliseconds: Int64

    /// Creates a clock reading `start`.
    package init(start: EventTimestamp) {
        milliseconds = start.millisecondsSince1970
    }

    package func now() -> EventTimestamp {
        EventTimestamp(millisecondsSince1970: milliseconds)
    }

    /// Sets the clock back to read `start`, for another session.
    func reset(to start: EventTimestamp) {
        milliseconds = start.millisecondsSince1970
    }

    /// Moves the clock forward.
    package func advance(byMilliseconds interval: Int64) {
        milliseconds += max(0, interval)
    }
}
