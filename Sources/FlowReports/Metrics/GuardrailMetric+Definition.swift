import FlowEvents

extension GuardrailMetric {
    /// The built-in metric as a definition of the kinds a team defines, for an experiment whose funnel has `goal`.
    func definition(goal: EventMatcher) -> MetricDefinition {
        switch self {
        case .backNavigations:
            MetricDefinition(id: rawValue, name: label, kind: .mean(MetricValue(events: EventMatcher(type: .back))), direction: .lowerIsBetter)
        case .failedMutations:
            MetricDefinition(
                id: rawValue, name: label,
                kind: .mean(MetricValue(events: EventMatcher(
                    type: .mutation, properties: [UserFunnelProgress.outcomeKey: UserFunnelProgress.failedOutcome]
                ))),
                direction: .lowerIsBetter
            )
        case .timeToComplete:
            MetricDefinition(id: rawValue, name: label, kind: .duration(start: .exposure, end: goal), direction: .lowerIsBetter)
        }
    }
}
