import Experiments
import FlowReports

extension ExperimentAnalysisPlan {
    /// The analysis plan of every experiment in the experiment config at `path`, by experiment key:
    /// its variations and weights, and its `funnel` and `analysis` sections.
    ///
    /// This is what `switchyard report` reads from a config, so a program that embeds the core can
    /// build the same report from the same files:
    ///
    /// ```swift
    /// let plans = try ExperimentAnalysisPlan.plans(inConfigurationAt: "Configuration/onboarding/experiments.json")
    /// let report = try EventLogReport.report(of: ["events.jsonl"], options: ReportOptions(experiments: plans))
    /// ```
    ///
    /// The config is read without an app's registry (a report reads logs, not flows), so variant ids
    /// are not checked against registered variants; `AppAssigner` does that for assignment.
    ///
    /// - Parameter path: An experiment config: Switchyard's format or a GrowthBook payload.
    /// - Throws: `ConfigError` listing every problem of the file, each at its JSON path.
    public static func plans(inConfigurationAt path: String) throws(ConfigError) -> [String: ExperimentAnalysisPlan] {
        let decoded = try ReportSectionDecoder.decode(fileAt: path) { () throws(ConfigError) in
            try ExperimentConfig.decode(from: ExperimentConfig.fileContents(atPath: path), source: path)
        }
        return plans(of: decoded.rest, sections: decoded.sections)
    }

    /// The plans of `config`'s experiments, with the report sections decoded beside it.
    package static func plans(
        of config: ExperimentConfig, sections: [String: ReportSectionDecoder.Sections]
    ) -> [String: ExperimentAnalysisPlan] {
        var plans: [String: ExperimentAnalysisPlan] = [:]
        for experiment in config.experiments {
            let sections = sections[experiment.key] ?? ReportSectionDecoder.Sections()
            plans[experiment.key] = ExperimentAnalysisPlan(
                variations: experiment.variations.map { $0.rawValue },
                weights: experiment.weights,
                funnel: sections.funnel,
                testingMethod: sections.testingMethod,
                goalMetrics: sections.goalMetrics,
                guardrails: sections.guardrails,
                secondaryMetrics: sections.secondaryMetrics,
                metricDefinitions: sections.metricDefinitions,
                correction: sections.correction,
                plannedEffect: sections.plannedEffect
            )
            plans[experiment.key]?.engine = sections.engine
            plans[experiment.key]?.prior = sections.prior
            plans[experiment.key]?.regressionAdjustment = sections.regressionAdjustment
        }
        return plans
    }
}
