/// A set of event types as one bit each: whether a line's type is in it is one test, on every line.
/// Package-visible for `LineChunkParser`, which the fuzz harnesses drive.
package struct EventTypeMask: Sendable, Equatable {
    private var bits: UInt16 = 0

    /// The empty set.
    package static let none = EventTypeMask()

    private init() {}

    /// The set of `types`.
    package init(_ types: some Sequence<EventType>) {
        for type in types { bits |= Self.bit(of: type) }
    }

    /// Whether the set is empty.
    var isEmpty: Bool { bits == 0 }

    /// Whether `type` is in the set.
    @inline(__always)
    package func contains(_ type: EventType) -> Bool {
        bits & Self.bit(of: type) != 0
    }

    @inline(__always)
    private static func bit(of type: EventType) -> UInt16 {
        switch type {
        case .sessionStarted: 1 << 0
        case .exposure: 1 << 1
        case .assignment: 1 << 2
        case .screenShown: 1 << 3
        case .action: 1 << 4
        case .back: 1 << 5
        case .childStarted: 1 << 6
        case .childFinished: 1 << 7
        case .mutation: 1 << 8
        case .flowCompleted: 1 << 9
        case .flowAbandoned: 1 << 10
        }
    }
}
