import ArgumentParser
import Experiments
import VariantHost
import VariantKit

/// `switchyard validate`: checks experiment configs (and a behaviour model) and reports every problem.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check experiment configs against the registered variants, reporting every problem with its JSON path.",
        discussion: "Without --config, checks every app's bundled Configuration/<app>/experiments.json."
    )

    @OptionGroup var appOptions: AppOptions

    @Option(help: ArgumentHelp("The experiment config (default: the bundled config of every app, or of --app).", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("Also check this behaviour model for simulate.", valueName: "path"))
    var behavior: String?

    func run() throws {
        let checks: [(registry: VariantRegistry, path: String)]
        if let config {
            checks = [(try CommandInputs.registry(app: appOptions.app, configPath: config), config)]
        } else {
            let catalog = try CommandInputs.catalog()
            let registries = try appOptions.app.map { [try CommandInputs.registry(app: $0)] } ?? catalog.registries
            checks = registries.map { ($0, ConfigurationFiles.experimentsPath(app: $0.app.name)) }
        }
        for (registry, path) in checks {
            let configuration: AppAssigner
            do {
                configuration = try CommandInputs.checkedConfiguration(at: path, registry: registry)
            } catch {
                throw problems(error.issues.count, error)
            }
            let parsed = configuration.validated.config
            StandardIO.write(
                "\(path): valid for \(registry.app.name) (\(count(parsed.slots.count, "slot")), \(count(parsed.rules.count, "rule")), "
                    + "\(count(parsed.experiments.count, "experiment")))\n"
            )
        }
        if let behavior {
            let registry = checks.count == 1 ? checks[0].registry : try CommandInputs.registry(app: appOptions.app)
            do {
                let model = try BehaviorModelLoader.load(contentsOf: behavior, for: registry)
                StandardIO.write("\(behavior): valid (\(count(model.attributes.count, "attribute")), \(count(model.screens.count, "screen")))\n")
            } catch {
                throw problems(error.issues.count, error)
            }
        }
    }

    /// One problem as one line; several under a count.
    private func problems(_ number: Int, _ error: any Error) -> CommandError {
        CommandError(number == 1 ? "\(error)" : "\(count(number, "problem")) found:\n\(error)")
    }

    private func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
