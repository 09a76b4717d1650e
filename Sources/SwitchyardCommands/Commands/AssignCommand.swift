import ArgumentParser
import Experiments
import FlowReports
import Foundation
import VariantHost
import VariantKit

/// `switchyard assign`: which variant a user gets in every slot and experiment, and why.
struct AssignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assign",
        abstract: "Show which variant a user gets in every slot, and how every experiment treats them."
    )

    @OptionGroup var appOptions: AppOptions

    /// Taken as it is even when it starts with a dash, as an id such as `-5` may.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The user id: the attribute `id` experiments hash.", valueName: "id")
    )
    var user: String

    @OptionGroup var attributeOptions: AttributeOptions

    @Option(help: ArgumentHelp("The experiment config (default: Configuration/<app>/experiments.json).", valueName: "path"))
    var config: String?

    @OptionGroup var stickyStore: StickyStoreOption

    @Flag(help: "Print the stable JSON form instead of a table.")
    var json = false

    func run() throws {
        let registry = try CommandInputs.registry(app: appOptions.app, configPath: config)
        let bundled = ConfigurationFiles.experimentsPath(app: registry.app.name)
        guard config != nil || !BoundedFile.isAbsent(bundled) else {
            throw CommandError(
                ConfigurationFiles.missing(bundled, what: "no experiment config", option: "--config")
            )
        }
        let configuration = try CommandInputs.configuration(path: config, registry: registry)
        let store = try stickyStore.open()
        let assignment = configuration.assign(user: user, attributes: try attributeOptions.parsedAttributes(), stickyBuckets: store)
        try StickyStoreOption.flush(store)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            StandardIO.write(String(decoding: try encoder.encode(assignment), as: UTF8.self) + "\n")
            return
        }
        var slots = [["SLOT", "VARIANT", "CHOSEN BY"]]
        for slot in assignment.slots {
            slots.append([slot.slot.rawValue, slot.variant.rawValue, describe(slot.reason, in: configuration)])
        }
        var experiments = [["EXPERIMENT", "IN", "VARIATION", "HASHED", "BUCKET"]]
        for experiment in assignment.experiments {
            let variation = experiment.variationIndex.map { "\($0): \(experiment.variant?.rawValue ?? "")" }
                ?? (experiment.exclusionReason?.rawValue ?? "-")
            let decidedBy = experiment.stickyBucketUsed ? " (sticky bucket)" : ""
            let hashed = "\(experiment.hashAttribute)=\(experiment.hashAttributeValue ?? "(missing)")"
            experiments.append([
                experiment.key, experiment.inExperiment ? "yes" : "no", variation + decidedBy, hashed,
                experiment.bucket.map { String(format: "%.4f", $0) } ?? "-",
            ])
        }
        StandardIO.write("user \(user) of \(registry.app.name)\n\n\(TextTable.render(slots))\n\n\(TextTable.render(experiments))\n")
    }

    private func describe(_ reason: AssignmentReason, in configuration: AppAssigner) -> String {
        switch reason {
        case .experiment(let key, let index, _, _, let bucket):
            "experiment \(key), variation \(index) (bucket \(String(format: "%.4f", bucket))): an exposure"
        case .forced: "--variant"
        case .forcedByConfig(let key, let index): "experiment \(key) forces variation \(index)"
        case .rule(let index):
            "rule \(index)" + (configuration.validated.config.rules.indices.contains(index)
                ? ": \(configuration.validated.config.rules[index].condition)" : "")
        case .default: "slot default"
        }
    }
}
