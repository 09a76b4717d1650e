import ArgumentParser
import Foundation
import Experiments
import FlowReports
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
        if let config {
            checks = [(try CommandInputs.registry(app: appOptions.app, configPath: config), config)]
        } else {
            let registered = try CommandInputs.registries()
            if appOptions.app == nil { try checkEveryFolderIsClaimed(by: registered) }
            let registries = try appOptions.app.map { [try CommandInputs.registry(app: $0)] } ?? registered
            checks = registries.map { ($0, ConfigurationFiles.experimentsPath(app: $0.app.name)) }
            if behavior == nil {
                behaviorChecks = registries.map { ($0, ConfigurationFiles.behaviorPath(app: $0.app.name)) }
                    .filter { !BoundedFile.isAbsent($0.path) }
            }
        }
        for (registry, path) in checks {
            let configuration: AppAssigner
            do {
                configuration = try CommandInputs.checkedConfiguration(at: path, registry: registry)
            } catch {
                throw problems(error.issues.count, error)
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
            try checkBehavior(at: path, for: registry)
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

    /// Checks the behaviour model at `path`: its names against the app, its choices against the flows.
    private func checkBehavior(at path: String, for registry: VariantRegistry) throws {
        let model: BehaviorModel
        do {
            model = try BehaviorModelLoader.load(contentsOf: path, for: registry)
        } catch {
            throw problems(error.issues.count, error)
        }
        let unfireable = model.unfireableFailureChoices(for: registry) + model.unusableFieldValues(for: registry)
        guard unfireable.isEmpty else {
            throw problems(unfireable.count, ModelFileError(file: path, issues: unfireable))
        }
        StandardIO.write(TerminalText.message("\(path): valid (\(count(model.attributes.count, "attribute")), \(count(model.screens.count, "screen")))") + "\n")
    }

    /// Fails for a folder under the configuration directory that no registered app is named after:
    /// its files would be read by no command.
    private func checkEveryFolderIsClaimed(by registries: [VariantRegistry]) throws {
        let unclaimed = ConfigurationFiles.appFolders().filter { !registries.appNames.contains($0) }
        guard !unclaimed.isEmpty else { return }
        let lines = unclaimed.map { folder in
            "\(ConfigurationFiles.directory)/\(folder)/: no registered app is named \"\(folder)\" (registered: "
                + "\(registries.appNames.joined(separator: ", "))); register the app module that declares it (its line in "
                + "Package.swift's `apps`), or rename the folder to its app's name"
        }
        throw CommandError(lines.count == 1 ? lines[0] : "\(count(lines.count, "problem")) found:\n" + lines.joined(separator: "\n"))
    }

    /// One problem as one line; several under a count.
    private func problems(_ number: Int, _ error: any Error) -> CommandError {
        CommandError(number == 1 ? "\(error)" : "\(count(number, "problem")) found:\n\(error)")
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
