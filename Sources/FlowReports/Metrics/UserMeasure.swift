import FlowEvents

/// One user's value of one ``MetricMeasurement``, updated one event at a time in the user's time order.
struct UserMeasure: Sendable {
    /// Matching events in the window.
    private(set) var count: Int64 = 0
    /// The matching events' numbers, for a sum, added exactly so that their order does not matter.
    private var numbers = ExactSum()
    /// Matching events whose property was missing or not a number, for a sum.
    private(set) var invalid: Int32 = 0
    /// For a duration, the offset of its start, once reached.
    private var start: Int64?
    /// For a duration, the offset of its end, once reached.
    private var end: Int64?
    /// For a duration, the offset of the last end event seen before the start was: an end in the start's
    /// millisecond is simultaneous with it, whichever line came first.
    private var lastEndBeforeStart: Int64?

    /// A user's measure anchored at their exposure.
    init(_ measurement: MetricMeasurement) {
        if case .duration(.exposure, _) = measurement.quantity { start = 0 }
    }

    /// The sum of the matching events' numbers, for a sum: their exact sum, rounded once.
    var sum: Double {
        numbers.value
    }

    /// For a duration, the milliseconds from its start to its end; nil until the end is reached.
    var durationMilliseconds: Int64? {
        guard let start, let end else { return nil }
        return end - start
    }

    /// Counts `event`, `offset` milliseconds after the user's anchor.
    mutating func consume(_ event: FlowEvent, at offset: Int64, for measurement: MetricMeasurement) {
        guard offset >= 0, offset <= measurement.windowMilliseconds else { return }
        switch measurement.quantity {
        case .any(let matcher), .count(let matcher):
            if matcher.matches(event) { count += 1 }
        case .sum(let matcher, let property):
            guard matcher.matches(event) else { return }
            count += 1
            if case .success(let number) = EventPropertyNumber.read(property, in: event.properties) {
                numbers.add(number)
            } else {
                invalid += 1
            }
        case .duration(let startEvent, let endMatcher):
            guard end == nil else { return }
            if start == nil, case .event(let startMatcher) = startEvent, startMatcher.matches(event) {
                start = offset
                if lastEndBeforeStart == offset { end = offset }
            }
            guard endMatcher.matches(event) else { return }
            if let start, offset >= start {
                end = offset
            } else {
                lastEndBeforeStart = offset
            }
        }
    }
}
