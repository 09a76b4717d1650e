import ArgumentParser
import Experiments
import VariantHost

/// `switchyard validate`: checks an experiment config (and a behaviour model) and reports every problem.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check an experiment config against the registered variants, reporting every problem with its JSON path."
    )

    @Option(help: ArgumentHelp("The experiment config.", valueName: "path"))
    var config = HostConfiguration.defaultPath

    @Option(help: ArgumentHelp("Also check this behaviour model for simulate.", valueName: "path"))
    var behavior: String?

    func run() throws {
        let registry = try Host.registry()
        let configuration: HostConfiguration
        do {
            configuration = try HostConfiguration(contentsOf: config, registry: registry)
        } catch {
            throw problems(error.issues.count, error)
        }
        let parsed = configuration.validated.config
        StandardIO.write(
            "\(config): valid (\(count(parsed.slots.count, "slot")), \(count(parsed.rules.count, "rule")), "
                + "\(count(parsed.experiments.count, "experiment")))\n"
        )
        if let behavior {
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
