import FlowEvents

/// A cheap order-sensitive fingerprint of an event stream, so the benchmark can check that two
/// readers produced the same events in the same order without hashing every string (the tests
/// compare events in full).
struct OrderChecksum: Equatable {
    private(set) var value: UInt64 = 0

    /// Folds `event` into the fingerprint.
    mutating func add(_ event: FlowEvent) {
        var mixed = UInt64(bitPattern: event.time.millisecondsSince1970)
        mixed = mixed &* 31 &+ UInt64(event.session.utf8.count)
        mixed = mixed &* 31 &+ UInt64(event.user.utf8.count)
        mixed = mixed &* 31 &+ UInt64(event.properties.count)
        mixed = mixed &* 31 &+ UInt64(event.screen?.utf8.count ?? 99)
        value = (value ^ mixed) &* 0x100_0000_01B3
    }
}
