import FlowEvents

/// An experiment's metric measurements compiled for matching every event of its exposed users: for each event type,
/// the measurements that read events of that type, each with its pattern and window, so that an event is checked
/// only against the measurements its type can match, and nothing is copied to check it.
struct MeasurementMatcher: Sendable {
    /// What a matching event does to a user's measure.
    enum Role: Sendable {
        /// Counts it.
        case count
        /// Counts it and adds the number of its property.
        case sum
        /// Starts a duration.
        case durationStart
        /// Ends a duration.
        case durationEnd
    }

    /// One measurement reading events of one type.
    private struct Entry: Sendable {
        let measurement: Int
        let role: Role
        /// The offsets the measurement counts events at, from the anchor.
        let windowStart: Int64
        let window: Int64
        let pattern: EventPattern
        /// For a sum, the property whose number is added; empty otherwise.
        let property: String
    }

    private let entries: [Entry]
    /// The range of `entries` of each type, by `EventType.denseIndex`.
    private let ranges: [Range<Int>]
    /// A user's measures before any event: durations from the exposure started at the anchor.
    let initialMeasures: [UserMeasure]

    /// Compiles `measurements`, in their order.
    init(_ measurements: [MetricMeasurement]) {
        var byType = Array(repeating: [Entry](), count: EventType.denseIndexCount)
        func add(_ matcher: EventMatcher, _ index: Int, _ role: Role, property: String = "") {
            byType[matcher.type.denseIndex].append(Entry(
                measurement: index, role: role, windowStart: measurements[index].windowStartMilliseconds,
                window: measurements[index].windowMilliseconds, pattern: EventPattern(matcher),
                property: property
            ))
        }
        for (index, measurement) in measurements.enumerated() {
            switch measurement.quantity {
            case .any(let matcher), .count(let matcher), .retained(let matcher, _):
                add(matcher, index, .count)
            case .sum(let matcher, let property):
                add(matcher, index, .sum, property: property)
            case .duration(let start, let end):
                // A start before its end, so that one event matching both starts and ends the duration.
                if case .event(let matcher) = start { add(matcher, index, .durationStart) }
                add(end, index, .durationEnd)
            }
        }
        entries = byType.flatMap { $0 }
        var start = 0
        ranges = byType.map { entries in
            defer { start += entries.count }
            return start..<start + entries.count
        }
        initialMeasures = measurements.map(UserMeasure.init)
    }

    /// Whether there is nothing to measure.
    var isEmpty: Bool {
        initialMeasures.isEmpty
    }

    /// Counts `event`, `offset` milliseconds after the user's anchor, towards each of `measures` whose window it
    /// lies in and whose pattern it matches.
    func measure(_ event: FlowEvent, at offset: Int64, into measures: inout [UserMeasure]) {
        guard offset >= 0 else { return }
        for index in ranges[event.type.denseIndex]
        where offset <= entries[index].window && offset >= entries[index].windowStart && entries[index].pattern.matchesFields(of: event) {
            let measurement = entries[index].measurement
            switch entries[index].role {
            case .count: measures[measurement].countEvent()
            case .sum: measures[measurement].add(EventPropertyNumber.read(entries[index].property, in: event.properties))
            case .durationStart: measures[measurement].start(at: offset)
            case .durationEnd: measures[measurement].end(at: offset)
            }
        }
    }

    /// Hands `body` what `event` adds to each count or sum it matches, whatever its time: 1 for a count, the
    /// property's number for a sum (nothing when it is missing or not a number). Durations are not read.
    func forEachContribution(of event: FlowEvent, _ body: (_ measurement: Int, _ value: Double) -> Void) {
        for index in ranges[event.type.denseIndex] where entries[index].pattern.matchesFields(of: event) {
            switch entries[index].role {
            case .count:
                body(entries[index].measurement, 1)
            case .sum:
                if case .success(let number) = EventPropertyNumber.read(entries[index].property, in: event.properties) {
                    body(entries[index].measurement, number)
                }
            case .durationStart, .durationEnd:
                break
            }
        }
    }
}
