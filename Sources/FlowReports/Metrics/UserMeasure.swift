import FlowEvents

/// One user's value of one ``MetricMeasurement``, updated one event at a time in the user's time order by a
/// ``MeasurementMatcher``.
struct UserMeasure: Sendable {
    /// An offset no event has: a duration's start or end not reached.
    private static let none = Int64.min

    /// Matching events in the window, for a count or a sum.
    private(set) var count: Int32 = 0
    /// Matching events whose property was missing or not a number, for a sum.
    private(set) var invalid: Int32 = 0
    /// For a duration, the offset of its start, once reached.
    private var start = none
    /// For a duration, the offset of its end, once reached.
    private var end = none
    /// For a duration, the offset of the last end event seen before the start was: an end in the start's
    /// millisecond is simultaneous with it, whichever line came first.
    private var lastEndBeforeStart = none
    /// The matching events' numbers, for a sum, kept so that they are added in ascending order: their line order
    /// does not matter.
    private var numbers: [Double] = []

    /// A user's measure before any event: a duration from the exposure starts at the anchor.
    init(_ measurement: MetricMeasurement) {
        if case .duration(.exposure, _) = measurement.quantity { start = 0 }
    }

    /// The sum of the matching events' numbers, for a sum (``CompensatedSum``: in ascending order, compensated).
    var sum: Double {
        CompensatedSum.of(numbers)
    }

    /// For a duration, the milliseconds from its start to its end; nil until the end is reached.
    var durationMilliseconds: Int64? {
        start == Self.none || end == Self.none ? nil : end - start
    }

    /// Counts a matching event.
    mutating func countEvent() {
        count &+= 1
    }

    /// Counts a matching event of a sum, with its property read as a number.
    mutating func add(_ number: Result<Double, EventPropertyNumber.Failure>) {
        count &+= 1
        if case .success(let value) = number {
            numbers.append(value)
        } else {
            invalid &+= 1
        }
    }

    /// A duration's start event at `offset`: the first one starts it.
    mutating func start(at offset: Int64) {
        guard start == Self.none else { return }
        start = offset
        if end == Self.none, lastEndBeforeStart == offset { end = offset }
    }

    /// A duration's end event at `offset`: the first at or after the start ends it.
    mutating func end(at offset: Int64) {
        guard end == Self.none else { return }
        if start != Self.none, offset >= start {
            end = offset
        } else {
            lastEndBeforeStart = offset
        }
    }
}
