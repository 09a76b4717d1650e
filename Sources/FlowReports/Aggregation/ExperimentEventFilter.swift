public import FlowEvents

/// Tells the events an ``ExperimentLogAccumulator`` can learn something from from those it would only count,
/// judging each event alone, whatever its user: a reader can then drop the others on its decoding threads.
///
/// An event is relevant when it is an `exposure`, a `back` or a failed `mutation`, when it is a `screen_shown`
/// and some funnel the accumulator may track discovers its steps, or when a step or the goal of such a funnel
/// matches it. Handing the accumulator only relevant events, and counting the others with
/// ``ExperimentLogAccumulator/countIrrelevantEvents(_:)``, gives exactly the report of handing it every event.
public struct ExperimentEventFilter: Sendable {
    /// What makes an event of one type relevant.
    private struct TypeRule: Sendable {
        var isAlwaysRelevant = false
        /// Relevant when one of these matches.
        var matchers: [EventMatcher] = []
    }

    /// Indexed by ``EventType/ruleIndex``.
    private let rules: [TypeRule]

    /// Creates the filter of an accumulator created with `options`.
    public init(options: ReportOptions) {
        var rules = Array(repeating: TypeRule(), count: EventType.allCases.count)
        rules[EventType.exposure.ruleIndex].isAlwaysRelevant = true
        rules[EventType.back.ruleIndex].isAlwaysRelevant = true
        // Segments read the property of each user's session start.
        if options.segmentBy != nil { rules[EventType.sessionStarted.ruleIndex].isAlwaysRelevant = true }
        // Every mutation outcome of `failed` is tallied by screen and reason.
        var matchers = [EventMatcher(type: .mutation, properties: ["outcome": "failed"])]
        // Experiments without a configuration (any, unless one is selected) discover their steps.
        let funnels = options.experiment.map { [options.funnel(for: $0)] }
            ?? options.experiments.values.compactMap(\.funnel) + [.screensInOrderSeen]
        for funnel in funnels {
            if funnel.discoversScreens { rules[EventType.screenShown.ruleIndex].isAlwaysRelevant = true }
            matchers.append(funnel.goal)
            matchers.append(contentsOf: funnel.steps.map(\.matcher))
        }
        for matcher in matchers {
            let index = matcher.type.ruleIndex
            if matcher.screen == nil, matcher.action == nil, matcher.properties.isEmpty {
                rules[index].isAlwaysRelevant = true
            } else if !rules[index].matchers.contains(matcher) {
                rules[index].matchers.append(matcher)
            }
        }
        self.rules = rules
    }

    /// Whether an accumulator could change anything but its event count on consuming `event`.
    public func isRelevant(_ event: FlowEvent) -> Bool {
        let rule = rules[event.type.ruleIndex]
        if rule.isAlwaysRelevant { return true }
        for matcher in rule.matchers where matcher.matches(event) {
            return true
        }
        return false
    }
}

extension EventType {
    /// A dense index of the type, cheaper than hashing it.
    fileprivate var ruleIndex: Int {
        switch self {
        case .sessionStarted: 0
        case .exposure: 1
        case .assignment: 2
        case .screenShown: 3
        case .action: 4
        case .back: 5
        case .childStarted: 6
        case .childFinished: 7
        case .mutation: 8
        case .flowCompleted: 9
        case .flowAbandoned: 10
        }
    }
}
