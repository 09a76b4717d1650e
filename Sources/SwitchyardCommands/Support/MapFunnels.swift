import Experiments
import FlowEvents
import FlowMapping
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
            guard let section = sections[experiment.key], let funnel = section.funnel else { return nil }
            var expectation = FunnelExpectation(
                experiment: experiment.key,
                slot: experiment.slot.rawValue,
                variations: experiment.variations.map(\.rawValue),
                steps: funnel.steps.map { FunnelExpectation.Step(name: $0.name, matcher: $0.matcher) },
                goal: FunnelExpectation.Step(name: "goal", matcher: funnel.goal),
                source: source
            )
            let plan = ExperimentAnalysisPlan(metricDefinitions: section.metricDefinitions)
            var seen: Set<String> = []
            for id in section.goalMetrics + section.guardrails + section.secondaryMetrics where seen.insert(id).inserted {
                expectation.metricEvents += metricEvents(of: id, plan: plan, funnel: funnel)
            }
            return expectation
        }
    }

    /// The events metric `id` measures, each named for the metric; a ratio's and a quantile's are those of the
    /// metrics they read.
    private static func metricEvents(of id: String, plan: ExperimentAnalysisPlan, funnel: FunnelDefinition) -> [FunnelExpectation.Step] {
        guard let definition = plan.definition(of: id, funnel: funnel) else { return [] }
        let name = "metric \"\(id)\""
        switch definition.kind {
        case .proportion(let matcher), .retention(let matcher, _): return [FunnelExpectation.Step(name: name, matcher: matcher)]
        case .mean(let value): return [FunnelExpectation.Step(name: name, matcher: value.events)]
        case .duration(let start, let end):
            let starts: [EventMatcher] = if case .event(let matcher) = start { [matcher] } else { [] }
            return (starts + [end]).map { FunnelExpectation.Step(name: name, matcher: $0) }
        case .ratio(let numerator, let denominator):
            return metricEvents(of: numerator, plan: plan, funnel: funnel) + metricEvents(of: denominator, plan: plan, funnel: funnel)
        case .quantile(let of, _):
            return metricEvents(of: of, plan: plan, funnel: funnel)
        }
    }
}
