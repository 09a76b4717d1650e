import ArgumentParser
import Experiments
import FlowEvents
import FlowMapping
import FlowReports
import Foundation
import UserSimulation
import VariantHost
import VariantKit

/// `switchyard demo`: the main job in one command: for every app, simulate a population on its
/// bundled config and behaviour model, then report which flow wins.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Simulate users of every registered app on its Configuration/<app>/ files, then print each app's comparison report.",
        discussion: """
            Writes <app>/events.jsonl and <app>/report.html into --directory for each app, replacing an earlier demo's. \
            Then, unless --config is given, each scenario of the app: a folder of Configuration/<app>/ with an \
            experiments.json and a behavior.json of its own (the bundled apps' returning/: users over 14 days), \
            into <app>/<scenario>/.
            """
    )

    @OptionGroup var appOptions: AppOptions

    @Option(parsing: .unconditional, help: "How many users to simulate per app.")
    var users = 20_000

    @Option(parsing: .unconditional, help: "The seed of every random draw.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "How many batches of users to simulate at once (default: the number of cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Where the demo's logs and HTML reports go.", valueName: "path"))
    var directory = "switchyard-demo"

    @Option(help: ArgumentHelp("The experiment config, with --app (default: Configuration/<app>/experiments.json).", valueName: "path"))
    var config: String?

    @Option(help: ArgumentHelp("The behaviour model, with --app (default: Configuration/<app>/behavior.json).", valueName: "path"))
    var behavior: String?

    func validate() throws {
        guard users >= 0 else { throw ValidationError("--users must be 0 or more, got \(users)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
    }

    func run() async throws {
        // Each report's maps run the apps' coordinators: in a watched worker, so one that traps costs its map, not the
        // demo; the simulations and reports run here.
        let offered = try await OfferedTransitions.explored()
        let registries: [VariantRegistry]
        if appOptions.app != nil || config != nil || behavior != nil {
            registries = [try CommandInputs.registry(app: appOptions.app, configPath: config)]
        } else {
            registries = try CommandInputs.registries()
        }
        for (position, registry) in registries.enumerated() {
            if position > 0 { StandardIO.write("\n") }
            let app = registry.app.name
            let configPath = config ?? ConfigurationFiles.experimentsPath(app: app)
            guard config != nil || !BoundedFile.isAbsent(configPath) else {
                throw CommandError(ConfigurationFiles.missing(configPath, what: "the demo of \(app) needs its experiment config", option: "--app, --config and --behavior"))
            }
            try await demonstrate(
                registry, configPath: configPath, behaviorPath: behavior, folder: directory + "/" + app, heading: app, offering: offered
            )
            // A config given outright is the demo; the app's own folder may hold scenarios besides.
            guard config == nil else { continue }
            for scenario in ConfigurationFiles.scenarios(app: app) {
                StandardIO.write("\n")
                try await demonstrate(
                    registry, configPath: ConfigurationFiles.experimentsPath(app: app, scenario: scenario),
                    behaviorPath: ConfigurationFiles.behaviorPath(app: app, scenario: scenario),
                    folder: directory + "/" + app + "/" + scenario, heading: "\(app): \(scenario)", offering: offered
                )
            }
        }
    }

    /// Simulates `registry`'s app on the config at `configPath` and the behaviour model at `behaviorPath` (the app's
    /// own when nil) into `folder` and prints its report under `heading`, drawing its users' paths on the moves
    /// `offered` by each variant's map.
    private func demonstrate(
        _ registry: VariantRegistry, configPath: String, behaviorPath: String?, folder: String, heading: String,
        offering offered: [String: Set<ScreenTransition>]
    ) async throws {
        let configuration = try CommandInputs.configuration(path: configPath, registry: registry)
        let behaviorModel = try CommandInputs.behavior(path: behaviorPath, registry: registry)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(folder): \(error.localizedDescription)")
        }
        StandardIO.write("== \(heading)\n")
        let eventsPath = folder + "/events.jsonl"
        let runner = SimulationRunner(
            simulation: Simulation(users: users, seed: seed, jobs: jobs ?? ProcessInfoCores.active),
            configuration: configuration,
            behavior: behaviorModel,
            registry: registry
        )
        let figures = try await runner.run(into: eventsPath, existing: .replace)
        StandardIO.write(figures.summary + "\n")

        let (experiments, source) = try ReportConfigurations.load(configPath: configPath)
        let options = ReportOptions(
            experiments: experiments, configurationSource: source, topPaths: 5,
            offeredTransitions: offered
        )
        let report: Report
        do {
            report = try EventLogReport.report(of: [eventsPath], options: options, workers: jobs ?? ProcessInfoCores.active)
        } catch {
            throw CommandError("\(error)")
        }
        let colors = StandardIO.outputIsTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        StandardIO.write(ReportFormat.table.renderer(colors: colors).render(report) + "\n")
        let htmlPath = folder + "/report.html"
        do {
            try OutputFile.write(Array(ReportFormat.html.renderer().render(report).utf8), to: htmlPath)
        } catch {
            throw CommandError("cannot write \(htmlPath): \(error)")
        }
        StandardIO.write("HTML report with charts: \(htmlPath)\n")
    }
}
