public import FlowEvents

/// Tells the events an ``ExperimentLogAccumulator`` can learn something from from those it would only count,
/// judging each event alone, whatever its user: a reader can then drop the others on its decoding threads.
///
/// An event is relevant when it is an `exposure`, a `back` or a failed `mutation`, when it is a `screen_shown`
/// and some funnel the accumulator may track discovers its steps, or when a step or the goal of such a funnel, or
/// an event a metric of such an experiment measures, matches it. Handing the accumulator only relevant events, counting the others with
/// ``ExperimentLogAccumulator/countIrrelevantEvents(_:)`` and telling it their latest time
/// (``ExperimentLogAccumulator/noteLatestEventTime(_:)``, where a retention window must have ended), gives exactly the
/// report of handing it every event.
public struct ExperimentEventFilter: Sendable {
    /// Bit `EventType.denseIndex` set for each event type that is relevant whatever its fields.
    private let alwaysRelevantTypes: UInt64
    /// For the other types, by `EventType.denseIndex`: relevant when one of these matches.
    private let patterns: [EventPattern]
    /// The range of `patterns` of each type, by `EventType.denseIndex`: one flat array, so that judging an
    /// event on a decoding thread retains no array that the other threads share.
    private let patternRanges: [Range<Int>]
    /// The texts of an event the accumulator reads: the session (part of its identity), the experiment and variant
    /// of exposures only, and only the properties that a step, a goal, the failure tallies or the segments read.
    public let fields: EventFieldSelection

    /// Creates the filter of an accumulator created with `options`.
    public init(options: ReportOptions) {
        var alwaysRelevant: Set<EventType> = [.exposure, .back]
        // Segments read the property of each user's session start.
        if options.segmentBy != nil { alwaysRelevant.insert(.sessionStarted) }
        // Observed paths are made of every screen shown.
        if options.topPaths > 0 { alwaysRelevant.insert(.screenShown) }
        // Every mutation outcome of `failed` is tallied by screen and reason.
        var matchers = [EventMatcher(type: .mutation, properties: [UserFunnelProgress.outcomeKey: UserFunnelProgress.failedOutcome])]
        // Experiments without a configuration (any, unless one is selected) discover their steps.
        let funnels = options.experiment.map { [options.funnel(for: $0)] }
            ?? options.experiments.values.compactMap(\.funnel) + [.screensInOrderSeen]
        for funnel in funnels {
            if funnel.discoversScreens { alwaysRelevant.insert(.screenShown) }
            matchers.append(funnel.goal)
            matchers.append(contentsOf: funnel.steps.map(\.matcher))
        }
        var propertyKeys: Set<String> = [UserFunnelProgress.outcomeKey, UserFunnelProgress.reasonKey]
        // Each metric reads the events its measurements match, and the property a sum adds up.
        let keys = options.experiment.map { [$0] } ?? Array(options.experiments.keys)
        for key in keys {
            for measurement in ExperimentMetrics(plan: options.experiments[key], funnel: options.funnel(for: key)).measurements {
                matchers.append(contentsOf: measurement.matchers)
                if let property = measurement.property { propertyKeys.insert(property) }
            }
        }
        if let segmentBy = options.segmentBy { propertyKeys.insert(segmentBy) }
        for matcher in matchers { propertyKeys.formUnion(matcher.properties.keys) }
        // Only an exposure's experiment and variant are read: they say which variant the user was exposed to.
        fields = EventFieldSelection(keepsSession: true, attributedTypes: [.exposure], propertyKeys: propertyKeys)
        var distinctMatchers = Array(repeating: [EventMatcher](), count: EventType.denseIndexCount)
        for matcher in matchers {
            if matcher.screen == nil, matcher.action == nil, matcher.properties.isEmpty {
                alwaysRelevant.insert(matcher.type)
            } else if !distinctMatchers[matcher.type.denseIndex].contains(matcher) {
                distinctMatchers[matcher.type.denseIndex].append(matcher)
            }
        }
        alwaysRelevantTypes = alwaysRelevant.reduce(0) { $0 | 1 << UInt64($1.denseIndex) }
        patterns = distinctMatchers.flatMap { $0.map(EventPattern.init) }
        var start = 0
        patternRanges = distinctMatchers.map { matchers in
            defer { start += matchers.count }
            return start..<start + matchers.count
        }
    }

    /// The event types no event of which is relevant: a reader can leave them out without decoding them
    /// (`FlowEventReader.readParallel(workers:leavingOut:keeping:_:)`).
    public var irrelevantTypes: Set<EventType> {
        Set(EventType.allCases.filter { type in
            alwaysRelevantTypes & 1 << UInt64(type.denseIndex) == 0 && patternRanges[type.denseIndex].isEmpty
        })
    }

    /// Whether an accumulator could change anything but its event count on consuming `event`.
    public func isRelevant(_ event: FlowEvent) -> Bool {
        let type = event.type.denseIndex
        if alwaysRelevantTypes & 1 << UInt64(type) != 0 { return true }
        for index in patternRanges[type] where patterns[index].matchesFields(of: event) {
            return true
        }
        return false
    }
}
