import ArgumentParser
import Experiments
import FlowMapping
import FlowReports
import Foundation
import UserSimulation
import VariantHost
import VariantKit

/// `switchyard validate`: checks experiment configs (and a behaviour model) and reports every problem, then lints
/// every app's flow map.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check experiment configs against the registered variants, reporting every problem with its JSON path.",
        discussion: """
            Without --config, checks every app's Configuration/<app>/experiments.json and behavior.json (and those of \
            each of its scenarios, the folders of Configuration/<app>/ that hold both), and that every \
            folder under Configuration/ belongs to a registered app. A behaviour model is also checked against the flows \
            themselves: a failValidation choice on a screen where no form can be failed is an error. Then each app's \
            flow map is explored, every variant, and linted as `switchyard map` lints it: dead ends, cycles with no way \
            out, funnel steps of the config a variation never logs or never logs in order, declared screens no variant shows, coordinators left \
            running.
            """
    )

    @OptionGroup var appOptions: AppOptions

    @Option(help: ArgumentHelp("The experiment config (default: Configuration/<app>/experiments.json of every registered app, or of --app).", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("Also check this behaviour model for simulate.", valueName: "path"))
    var behavior: String?

    /// What validating gives, handed from the worker: the lines for standard output, and the error that ends the
    /// command, if any.
    struct Outcome: Codable, Sendable {
        var output = ""
        var failure: String?
    }

    /// The files `validate` checks, found before any is read.
    private struct Targets {
        /// Each config, with the registry of its app.
        var configs: [(registry: VariantRegistry, path: String)]
        /// Each app's behaviour model that exists, when no --config is given.
        var behaviors: [(registry: VariantRegistry, path: String)]
        /// A problem for each folder under the configuration directory that no app claims.
        var unclaimed: [String]
    }

    func run() async throws {
        let targets = try findTargets()
        // Read here, once each: the worker that checks them (exploring the flows, whose coordinators may trap) is
        // handed their bytes, and reads none of them again.
        for path in targets.configs.map(\.path) + targets.behaviors.map(\.path) + [behavior].compactMap({ $0 }) {
            _ = try? BoundedFile.contents(atPath: path, expected: "a JSON file")
        }
        let outcome = try await ExplorationSupervisor.explore { skips in
            var outcome = Outcome()
            do {
                try await validate(targets, skipping: skips, output: &outcome.output)
            } catch {
                outcome.failure = "\(error)"
            }
            return outcome
        }
        StandardIO.write(outcome.output)
        if let failure = outcome.failure { throw CommandError(failure) }
    }

    /// The configs and behaviour models to check: --config, or every app's (or --app's) under the configuration
    /// directory.
    private func findTargets() throws -> Targets {
        if let config {
            return Targets(configs: [(try CommandInputs.registry(app: appOptions.app, configPath: config), config)], behaviors: [], unclaimed: [])
        }
        let registered = try CommandInputs.registries()
        let unclaimed = appOptions.app == nil ? unclaimedFolders(of: registered) : []
        let registries = try appOptions.app.map { [try CommandInputs.registry(app: $0)] } ?? registered
        var behaviors: [(registry: VariantRegistry, path: String)] = behavior != nil ? [] : registries
            .map { ($0, ConfigurationFiles.behaviorPath(app: $0.app.name)) }.filter { !BoundedFile.isAbsent($0.path) }
        var configs = registries.map { ($0, ConfigurationFiles.experimentsPath(app: $0.app.name)) }
        // Each app's scenarios (`Configuration/<app>/returning/`), which `demo` runs: their files are checked too.
        for registry in registries {
            for scenario in ConfigurationFiles.scenarios(app: registry.app.name) {
                configs.append((registry, ConfigurationFiles.experimentsPath(app: registry.app.name, scenario: scenario)))
                if behavior == nil { behaviors.append((registry, ConfigurationFiles.behaviorPath(app: registry.app.name, scenario: scenario))) }
            }
        }
        return Targets(configs: configs, behaviors: behaviors, unclaimed: unclaimed)
    }

    /// Checks every config and behaviour model of `targets` and reports every problem, then lints the flow map of each
    /// config's app, mapping the combinations of `skips` as failed; what it finds valid goes to `output`.
    ///
    /// - Throws: `CommandError` listing every problem, or every lint.
    private func validate(_ targets: Targets, skipping skips: [ExplorationSkip], output: inout String) async throws {
        let checks = targets.configs
        var behaviorChecks = targets.behaviors
        // Every problem of every file, each as (how many, the lines that say them): all are reported at once.
        var found: [(count: Int, text: String)] = targets.unclaimed.map { (1, $0) }
        for (registry, path) in checks {
            if config == nil, BoundedFile.isAbsent(path) {
                found.append((1, ConfigurationFiles.missing(path, what: "no experiment config for \(registry.app.name)", option: "--config")))
                continue
            }
            let configuration: AppAssigner
            do {
                configuration = try CommandInputs.checkedConfiguration(at: path, registry: registry)
            } catch {
                found.append((error.issues.count, error.description))
                continue
            }
            let parsed = configuration.validated.config
            output += TerminalText.message(
                "\(path): valid for \(registry.app.name) (\(count(parsed.slots.count, "slot")), \(count(parsed.rules.count, "rule")), "
                    + "\(count(parsed.experiments.count, "experiment")))"
            ) + "\n"
        }
        if let behavior {
            let registry = checks.count == 1 ? checks[0].registry : try CommandInputs.registry(app: appOptions.app)
            behaviorChecks = [(registry, behavior)]
        }
        for (registry, path) in behaviorChecks {
            if let problems = checkBehavior(at: path, for: registry, output: &output) { found.append(problems) }
        }
        if !found.isEmpty {
            let total = found.reduce(0) { $0 + $1.count }
            let text = found.map(\.text).joined(separator: "\n")
            throw CommandError(total == 1 ? text : "\(count(total, "problem")) found:\n\(text)")
        }
        try await lintFlowMaps(of: checks, skipping: skips, output: &output)
    }

    /// Explores every variant of each app checked and lints its map against the funnels of its config.
    private func lintFlowMaps(
        of checks: [(registry: VariantRegistry, path: String)], skipping skips: [ExplorationSkip], output: inout String
    ) async throws {
        var lints: [String] = []
        for (registry, path) in checks {
            let funnels = try MapFunnels.load(configPath: path, registry: registry)
            let map = await FlowMap.explore(
                registry.combinationsCoveringEveryVariant, of: registry, maxStates: MapCommand.defaultMaxStates, funnels: funnels,
                jobs: ProcessInfo.processInfo.activeProcessorCount, skips: skips
            )
            // A scenario's config lints the same flows against its own funnels: its lines name it.
            let label = config != nil || path == ConfigurationFiles.experimentsPath(app: registry.app.name)
                ? registry.app.name : "\(registry.app.name) (\(path))"
            output += "\(label) flow map: " + MapSummary.line(for: map).dropFirst(registry.app.name.count + 2) + "\n"
            lints += map.lints.map { "\(label) \($0)" }
        }
        guard !lints.isEmpty else { return }
        throw CommandError(lints.count == 1 ? lints[0] : "\(count(lints.count, "lint")) found:\n" + lints.joined(separator: "\n"))
    }

    /// Checks the behaviour model at `path`: its form and names, and its choices against the flows. Returns its
    /// problems, every one of them, or nil when it has none (and says so in `output`).
    private func checkBehavior(at path: String, for registry: VariantRegistry, output: inout String) -> (count: Int, text: String)? {
        let checked = BehaviorModelLoader.check(contentsOf: path, for: registry)
        guard checked.issues.isEmpty, let model = checked.model else {
            return (checked.issues.count, ModelFileError(file: path, issues: checked.issues).description)
        }
        let days = model.days.map { ", users over \(count($0.count, "day"))" + ($0.historyDays > 0 ? " and \($0.historyDays) before" : "") } ?? ""
        output += TerminalText.message("\(path): valid (\(count(model.attributes.count, "attribute")), \(count(model.screens.count, "screen"))\(days))") + "\n"
        return nil
    }

    /// A line for each folder under the configuration directory that no registered app is named after: its
    /// files would be read by no command.
    private func unclaimedFolders(of registries: [VariantRegistry]) -> [String] {
        ConfigurationFiles.appFolders().filter { !registries.appNames.contains($0) }.map { folder in
            "\(ConfigurationFiles.directory)/\(folder)/: no registered app is named \"\(folder)\" (registered: "
                + "\(registries.appNames.joined(separator: ", "))); register the app module that declares it (its line in "
                + "Package.swift's `apps`), or rename the folder to its app's name"
        }
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
