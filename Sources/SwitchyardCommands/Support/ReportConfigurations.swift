import Experiments
import FlowReports
import Foundation
import VariantHost

/// What reports need of each experiment (variations, weights, funnel, analysis), read from experiment
/// configs without any app's registry: a report reads logs, not flows.
enum ReportConfigurations {
    /// The experiments of the config at `path`, or of every registered app's config when `path` is nil,
    /// and where they came from, for the report's notes.
    ///
    /// - Throws: `CommandError` for a config that cannot be read or decoded, or an experiment key
    ///   that two bundled configs both define.
    static func load(configPath path: String?) throws -> (experiments: [String: ExperimentAnalysisPlan], source: ConfigurationSource) {
        let files = path.map { [$0] } ?? ConfigurationFiles.existingExperimentPaths()
        guard !files.isEmpty else {
            let directory = FileManager.default.currentDirectoryPath
            return ([:], .notFound(
                "no --config given and no experiments.json of any app exists under \(ConfigurationFiles.directory)/ in \(directory) or a folder above it (SWITCHYARD_CONFIGURATION names one)"
            ))
        }
        var configurations: [String: ExperimentAnalysisPlan] = [:]
        var sources: [String: String] = [:]
        for file in files {
            let plans: [String: ExperimentAnalysisPlan]
            do {
                plans = try ExperimentAnalysisPlan.plans(inConfigurationAt: file)
            } catch {
                throw CommandError(error.description)
            }
            for key in plans.keys.sorted() {
                if let earlier = sources[key] {
                    throw CommandError(
                        "experiment \"\(key)\" is defined in both \(earlier) and \(file); pass --config to choose one"
                    )
                }
                sources[key] = file
                configurations[key] = plans[key]
            }
        }
        return (configurations, .file(files.joined(separator: ", ")))
    }
}
