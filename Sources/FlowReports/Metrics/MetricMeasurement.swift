import FlowEvents

/// One per-user quantity the report measures for an experiment's metrics: several metrics that need the same one
/// (a mean of revenue, and a ratio of revenue to orders) share it.
struct MetricMeasurement: Sendable, Hashable {
    /// What is measured of each user's events.
    enum Quantity: Sendable, Hashable {
        /// 1 when some event matches, else 0.
        case any(EventMatcher)
        /// The events that match.
        case count(EventMatcher)
        /// The sum of a numeric property of the events that match; a matching event whose property is missing or
        /// not a number adds nothing and is counted as invalid.
        case sum(EventMatcher, property: String)
        /// Milliseconds from the first start to the first end at or after it.
        case duration(DurationStart, end: EventMatcher)
        /// 1 when some event matches from `startMilliseconds` after the anchor to the window's end, else 0; measured
        /// only for users whose window ended within the log.
        case retained(EventMatcher, startMilliseconds: Int64)
    }

    /// What is measured.
    var quantity: Quantity
    /// How long after the user's anchor events count.
    var windowMilliseconds: Int64
    /// The cap on the per-user values, applied when the arms are compared.
    var cap: MetricCap?

    /// The event matchers the measurement reads, for the reader's filter.
    var matchers: [EventMatcher] {
        switch quantity {
        case .any(let matcher), .count(let matcher), .sum(let matcher, _), .retained(let matcher, _): [matcher]
        case .duration(.exposure, let end): [end]
        case .duration(.event(let start), let end): [start, end]
        }
    }

    /// Whether every value is 0 or 1: whether a user has a matching event.
    var isBinary: Bool {
        switch quantity {
        case .any, .retained: true
        case .count, .sum, .duration: false
        }
    }

    /// How long after the anchor events start to count: 0 but for a retention window.
    var windowStartMilliseconds: Int64 {
        if case .retained(_, let start) = quantity { return start }
        return 0
    }

    /// The property whose number is read, if any.
    var property: String? {
        if case .sum(_, let property) = quantity { return property }
        return nil
    }
}
