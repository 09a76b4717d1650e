import Experiments
import FlowEvents
import FlowReports
import Foundation

/// What reports need of each experiment (variations, weights, funnel), read from experiment
/// configs without any app's registry: a report reads logs, not flows.
enum ReportConfigurations {
    /// The experiments of the config at `path`, or of every bundled app's config when `path` is nil.
    ///
    /// - Throws: `CommandError` for a config that cannot be read or decoded, or an experiment key
    ///   that two bundled configs both define.
    static func load(configPath path: String?) throws -> [String: ExperimentConfiguration] {
        var configurations: [String: ExperimentConfiguration] = [:]
        var sources: [String: String] = [:]
        let files = path.map { [$0] } ?? BundledConfiguration.existingExperimentPaths()
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
                configurations[experiment.key] = ExperimentConfiguration(
                    variations: experiment.variations.map(\.rawValue),
                    weights: experiment.weights,
                    funnel: try experiment.funnel.map { funnel in try funnelDefinition(funnel, in: file) }
                )
            }
        }
        return configurations
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
