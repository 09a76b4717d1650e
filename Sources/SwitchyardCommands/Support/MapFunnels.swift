import Experiments
import FlowReports
import Foundation
import VariantHost
import VariantKit

/// The funnels a flow map checks every variation can log: each experiment's configured `funnel`, from
/// an experiment config.
enum MapFunnels {
    /// The funnels of the experiments of the config at `path`, or of the app's bundled config when it
    /// exists; none without either. Experiments whose funnel discovers its steps are checked on their goal only.
    ///
    /// - Throws: `CommandError` for a config that cannot be read or decoded.
    static func load(configPath path: String?, registry: VariantRegistry) throws -> [FunnelExpectation] {
        let file = path ?? ConfigurationFiles.experimentsPath(app: registry.app.name)
        guard path != nil || !BoundedFile.isAbsent(file) else { return [] }
        let decoded: (rest: ExperimentConfig, sections: [String: ReportSectionDecoder.Sections])
        do {
            decoded = try ReportSectionDecoder.decode(fileAt: file) { () throws(ConfigError) in
                try ExperimentConfig.decode(from: ExperimentConfig.fileContents(atPath: file), source: file)
            }
        } catch {
            throw CommandError(error.description)
        }
        return funnels(of: decoded.rest, sections: decoded.sections, source: file)
    }

    /// The funnels of `config`'s experiments whose `sections` configure one.
    static func funnels(of config: ExperimentConfig, sections: [String: ReportSectionDecoder.Sections], source: String) -> [FunnelExpectation] {
        config.experiments.compactMap { experiment in
            guard let funnel = sections[experiment.key]?.funnel else { return nil }
            return FunnelExpectation(
                experiment: experiment.key,
                slot: experiment.slot.rawValue,
                variations: experiment.variations.map(\.rawValue),
                steps: funnel.steps.map { FunnelExpectation.Step(name: $0.name, matcher: $0.matcher) },
                goal: FunnelExpectation.Step(name: "goal", matcher: funnel.goal),
                source: source
            )
        }
    }
}
