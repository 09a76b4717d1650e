import Experiments
import FlowReports
import Foundation

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
            let decoded: (rest: ExperimentConfig, sections: [String: ReportSectionDecoder.Sections])
            do {
                decoded = try ReportSectionDecoder.decode(fileAt: file) { () throws(ConfigError) in
                    try ExperimentConfig.decode(from: ExperimentConfig.fileContents(atPath: file), source: file)
                }
            } catch {
                throw CommandError(error.description)
            }
            for experiment in decoded.rest.experiments {
                if let earlier = sources[experiment.key] {
                    throw CommandError(
                        "experiment \"\(experiment.key)\" is defined in both \(earlier) and \(file); pass --config to choose one"
                    )
                }
                sources[experiment.key] = file
                let sections = decoded.sections[experiment.key] ?? ReportSectionDecoder.Sections()
                configurations[experiment.key] = ExperimentAnalysisPlan(
                    variations: experiment.variations.map(\.rawValue),
                    weights: experiment.weights,
                    funnel: sections.funnel,
                    testingMethod: sections.testingMethod,
                    guardrails: sections.guardrails,
                    secondaryMetrics: sections.secondaryMetrics,
                    correction: sections.correction,
                    plannedEffect: sections.plannedEffect
                )
            }
        }
        return (configurations, .file(files.joined(separator: ", ")))
    }
}
