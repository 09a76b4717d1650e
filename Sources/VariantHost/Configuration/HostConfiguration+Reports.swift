import Experiments
import FlowEvents
import FlowReports

extension HostConfiguration {
    /// What reports need of each experiment: variations in config order, weights for the
    /// sample-ratio check, and the funnel.
    public var reportConfigurations: [String: ExperimentConfiguration] {
        var configurations: [String: ExperimentConfiguration] = [:]
        for experiment in validated.config.experiments {
            configurations[experiment.key] = ExperimentConfiguration(
                variations: experiment.variations.map(\.rawValue),
                weights: experiment.weights,
                funnel: experiment.funnel.map(Self.funnelDefinition),
                testingMethod: experiment.analysis.map(Self.testingMethod),
                guardrails: experiment.funnel?.guardrails.compactMap(GuardrailMetric.init(rawValue:)) ?? [],
                secondaryMetrics: experiment.funnel?.metrics.compactMap(GuardrailMetric.init(rawValue:)) ?? [],
                correction: experiment.analysis?.correction == .benjaminiHochberg ? .benjaminiHochberg : .holm,
                plannedEffect: experiment.analysis?.minimumDetectableEffect
            )
        }
        return configurations
    }

    private static func testingMethod(_ analysis: AnalysisSettings) -> TestingMethod {
        switch analysis.method {
        case .fixedHorizon: .fixedHorizon
        case .sequential: .sequential(tuningUsers: analysis.sequentialTuningUsers ?? TestingMethod.defaultTuningUsers)
        }
    }

    private static func funnelDefinition(_ funnel: Funnel) -> FunnelDefinition {
        FunnelDefinition(
            steps: funnel.steps.map { FunnelStep(name: $0.label, matcher: matcher($0)) },
            conversionWindowSeconds: Int(funnel.conversionWindowSeconds.rounded(.down)),
            goal: matcher(funnel.goal)
        )
    }

    private static func matcher(_ matcher: Experiments.EventMatcher) -> FlowReports.EventMatcher {
        FlowReports.EventMatcher(
            // Both modules spell event types as the log does; the config validator only accepts those.
            type: FlowEvents.EventType(rawValue: matcher.type.rawValue) ?? .flowCompleted,
            screen: matcher.screen,
            action: matcher.action,
            properties: matcher.properties
        )
    }
}
