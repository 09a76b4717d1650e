import Experiments
import FlowEvents
import FlowReports
import Foundation

/// What reports need of each experiment (variations, weights, funnel, analysis), read from experiment
/// configs without any app's registry: a report reads logs, not flows.
enum ReportConfigurations {
    /// The experiments of the config at `path`, or of every bundled app's config when `path` is nil,
    /// and where they came from, for the report's notes.
    ///
    /// - Throws: `CommandError` for a config that cannot be read or decoded, or an experiment key
    ///   that two bundled configs both define.
    static func load(configPath path: String?) throws -> (experiments: [String: ExperimentConfiguration], source: ConfigurationSource) {
        let files = path.map { [$0] } ?? BundledConfiguration.existingExperimentPaths()
        guard !files.isEmpty else {
            let directory = FileManager.default.currentDirectoryPath
            return ([:], .notFound(
                "no --config given and no experiments.json of any app exists under \(BundledConfiguration.directory)/ in \(directory)"
            ))
        }
        var configurations: [String: ExperimentConfiguration] = [:]
        var sources: [String: String] = [:]
        for file in files {
            let config: ExperimentConfig
            do {
                config = try ExperimentConfig.decode(from: ExperimentConfig.fileContents(atPath: file), source: file)
            } catch {
                throw CommandError(error.description)
            }
            for experiment in config.experiments {
                if let earlier = sources[experiment.key] {
                    throw CommandError(
                        "experiment \"\(experiment.key)\" is defined in both \(earlier) and \(file); pass --config to choose one"
                    )
                }
                sources[experiment.key] = file
                configurations[experiment.key] = try configuration(of: experiment, in: file)
            }
        }
        return (configurations, .file(files.joined(separator: ", ")))
    }

    private static func configuration(of experiment: ExperimentDefinition, in file: String) throws -> ExperimentConfiguration {
        ExperimentConfiguration(
            variations: experiment.variations.map(\.rawValue),
            weights: experiment.weights,
            funnel: try experiment.funnel.map { funnel in try funnelDefinition(funnel, in: file) },
            testingMethod: experiment.analysis.map(testingMethod),
            guardrails: experiment.funnel?.guardrails.compactMap(GuardrailMetric.init(rawValue:)) ?? [],
            secondaryMetrics: experiment.funnel?.metrics.compactMap(GuardrailMetric.init(rawValue:)) ?? [],
            correction: experiment.analysis?.correction == .benjaminiHochberg ? .benjaminiHochberg : .holm,
            plannedEffect: experiment.analysis?.minimumDetectableEffect
        )
    }

    private static func testingMethod(_ analysis: AnalysisSettings) -> TestingMethod {
        switch analysis.method {
        case .fixedHorizon: .fixedHorizon
        case .sequential: .sequential(tuningUsers: analysis.sequentialTuningUsers ?? TestingMethod.defaultTuningUsers)
        }
    }

    private static func funnelDefinition(_ funnel: Funnel, in file: String) throws -> FunnelDefinition {
        FunnelDefinition(
            steps: try funnel.steps.map { FunnelStep(name: $0.label, matcher: try matcher($0, in: file)) },
            conversionWindowSeconds: Int(funnel.conversionWindowSeconds.rounded(.down)),
            goal: try matcher(funnel.goal, in: file)
        )
    }

    private static func matcher(_ matcher: Experiments.EventMatcher, in file: String) throws -> FlowReports.EventMatcher {
        guard let type = FlowEvents.EventType(rawValue: matcher.type.rawValue) else {
            throw CommandError("\(file): event type \"\(matcher.type.rawValue)\" is not one the event log has")
        }
        return FlowReports.EventMatcher(type: type, screen: matcher.screen, action: matcher.action, properties: matcher.properties)
    }
}
