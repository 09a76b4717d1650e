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
            Without --config, checks every app's Configuration/<app>/experiments.json and behavior.json, and that every \
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

    func run() async throws {
        let skips = try ExplorationSupervisor.superviseOrJoin()
        let checks: [(registry: VariantRegistry, path: String)]
        var behaviorChecks: [(registry: VariantRegistry, path: String)] = []
        // Every problem of every file, each as (how many, the lines that say them): all are reported at once.
        var found: [(count: Int, text: String)] = []
        if let config {
            checks = [(try CommandInputs.registry(app: appOptions.app, configPath: config), config)]
        } else {
            let registered = try CommandInputs.registries()
            if appOptions.app == nil { found += unclaimedFolders(of: registered).map { (1, $0) } }
            let registries = try appOptions.app.map { [try CommandInputs.registry(app: $0)] } ?? registered
            checks = registries.map { ($0, ConfigurationFiles.experimentsPath(app: $0.app.name)) }
            if behavior == nil {
                behaviorChecks = registries.map { ($0, ConfigurationFiles.behaviorPath(app: $0.app.name)) }
                    .filter { !BoundedFile.isAbsent($0.path) }
            }
        }
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
            StandardIO.write(TerminalText.message(
                "\(path): valid for \(registry.app.name) (\(count(parsed.slots.count, "slot")), \(count(parsed.rules.count, "rule")), "
                    + "\(count(parsed.experiments.count, "experiment")))"
            ) + "\n")
        }
        if let behavior {
            let registry = checks.count == 1 ? checks[0].registry : try CommandInputs.registry(app: appOptions.app)
            behaviorChecks = [(registry, behavior)]
        }
        for (registry, path) in behaviorChecks {
            if let problems = checkBehavior(at: path, for: registry) { found.append(problems) }
        }
        if !found.isEmpty {
            let total = found.reduce(0) { $0 + $1.count }
            let text = found.map(\.text).joined(separator: "\n")
            throw CommandError(total == 1 ? text : "\(count(total, "problem")) found:\n\(text)")
        }
        try await lintFlowMaps(of: checks, skipping: skips)
    }

    /// Explores every variant of each app checked and lints its map against the funnels of its config.
    private func lintFlowMaps(of checks: [(registry: VariantRegistry, path: String)], skipping skips: [ExplorationSkip]) async throws {
        var lints: [String] = []
        for (registry, path) in checks {
            let funnels = try MapFunnels.load(configPath: path, registry: registry)
            let map = await FlowMap.explore(
                registry.combinationsCoveringEveryVariant, of: registry, maxStates: MapCommand.defaultMaxStates, funnels: funnels,
                jobs: ProcessInfo.processInfo.activeProcessorCount, skips: skips
            )
            StandardIO.write("\(registry.app.name) flow map: " + MapSummary.line(for: map).dropFirst(registry.app.name.count + 2) + "\n")
            lints += map.lints.map { "\(registry.app.name) \($0)" }
        }
        guard !lints.isEmpty else { return }
        throw CommandError(lints.count == 1 ? lints[0] : "\(count(lints.count, "lint")) found:\n" + lints.joined(separator: "\n"))
    }

    /// Checks the behaviour model at `path`: its form and names, and its choices against the flows. Returns its
    /// problems, every one of them, or nil when it has none (and says so).
    private func checkBehavior(at path: String, for registry: VariantRegistry) -> (count: Int, text: String)? {
        let checked = BehaviorModelLoader.check(contentsOf: path, for: registry)
        guard checked.issues.isEmpty, let model = checked.model else {
            return (checked.issues.count, ModelFileError(file: path, issues: checked.issues).description)
        }
        StandardIO.write(TerminalText.message("\(path): valid (\(count(model.attributes.count, "attribute")), \(count(model.screens.count, "screen")))") + "\n")
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
