import Experiments
import FlowReports
import Foundation
import SampleApps
import Testing
import VariantHost
import VariantKit

/// `ExperimentAnalysisPlan.plans(inConfigurationAt:)`: what a report needs of each experiment, read from an
/// experiment config by the library, as `switchyard report` reads it.
@Suite("Analysis plans from an experiment config")
struct AnalysisPlanTests {
    static let configurationDirectory = URL(fileURLWithPath: #filePath)
        .appendingPathComponent("../../../Configuration").standardized

    @Test("every registered app's config gives a plan per experiment, with its variations, weights and funnel")
    func registeredConfigurations() throws {
        var checked = 0
        for registered in RegisteredApps.all {
            let path = Self.configurationDirectory.appendingPathComponent("\(registered.app.name)/experiments.json").path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let config = try ExperimentConfig.decode(from: ExperimentConfig.fileContents(atPath: path), source: path)
            let raw = try JSONParser.parse(Data(contentsOf: URL(fileURLWithPath: path)))
            let plans = try ExperimentAnalysisPlan.plans(inConfigurationAt: path)
            #expect(Set(plans.keys) == Set(config.experiments.map { $0.key }))
            for (index, experiment) in config.experiments.enumerated() {
                let plan = try #require(plans[experiment.key])
                #expect(plan.variations == experiment.variations.map { $0.rawValue })
                #expect(plan.weights == experiment.weights)
                let configuresFunnel = raw.objectValue?["experiments"]?.arrayValue?[index].objectValue?["funnel"] != nil
                #expect((plan.funnel != nil) == configuresFunnel, "\(path): \(experiment.key)")
            }
            checked += 1
        }
        #expect(checked > 0, "no registered app has a config under \(Self.configurationDirectory.path)")
    }

    @Test("a report section that is wrong is an error at its JSON path, with the assignment side's problems first")
    func locatedErrors() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("analysis-plan-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = #"""
            {"slots": [{"id": "flow", "default": "a"}],
             "experiments": [{"key": "k", "slot": "flow", "variations": ["a", "b"], "coverage": "all",
                              "funnel": {"steps": [{"name": "s", "type": "screen_show"}], "conversionWindowSeconds": 60,
                                         "goal": {"type": "flow_completed"}}}]}
            """#
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ExperimentAnalysisPlan.plans(inConfigurationAt: path)
            Issue.record("a config with a misspelt event type gave plans")
        } catch {
            #expect(error.file == path)
            let paths = error.issues.map { $0.description.prefix { $0 != ":" } }
            #expect(paths.first == "experiments[0].coverage")
            #expect(paths.last == "experiments[0].funnel.steps[0].type")
        }
    }
}
