import ArgumentParser
import FlowEvents
import FlowReports
import Foundation
import VariantHost

/// `switchyard demo`: the main job in one command: simulate a population on the bundled
/// config and behaviour model, then report which flow wins.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate users on the bundled Configuration/ and Variants/, then print the comparison report.",
        discussion: "Writes events.jsonl and report.html into --directory, replacing an earlier demo's."
    )

    @Option(parsing: .unconditional, help: "How many users to simulate.")
    var users = 20_000

    @Option(parsing: .unconditional, help: "The seed of every random draw.")
    var seed: UInt64 = 1

    @Option(parsing: .unconditional, help: "How many batches of users to simulate at once (default: the number of cores).")
    var jobs: Int = ProcessInfoCores.active

    @Option(help: ArgumentHelp("Where the demo's log and HTML report go.", valueName: "path"))
    var directory = "switchyard-demo"

    @Option(help: ArgumentHelp("The experiment config.", valueName: "path"))
    var config = "Configuration/experiments.json"

    @Option(help: ArgumentHelp("The behaviour model.", valueName: "path"))
    var behavior = "Configuration/behavior.json"

    func validate() throws {
        guard users >= 0 else { throw ValidationError("--users must be 0 or more, got \(users)") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
    }

    func run() async throws {
        let registry = try Host.registry()
        guard FileManager.default.fileExists(atPath: config), FileManager.default.fileExists(atPath: behavior) else {
            throw CommandError(
                "the demo needs \(config) and \(behavior): run it from the repository root, or pass --config and --behavior"
            )
        }
        let configuration = try Host.configuration(path: config, registry: registry)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CommandError("cannot create \(directory): \(error.localizedDescription)")
        }
        let eventsPath = directory + "/events.jsonl"
        let runner = SimulationRunner(
            simulation: Simulation(users: users, seed: seed, jobs: jobs),
            configuration: configuration,
            behavior: try Host.behavior(path: behavior),
            registry: registry
        )
        let figures = try await runner.run(into: eventsPath, existing: .replace)
        StandardIO.write(figures.summary + "\n")

        var accumulator = ExperimentLogAccumulator(options: ReportOptions(
            experiments: configuration.reportConfigurations,
            configurationSource: configuration.source.map(ConfigurationSource.file) ?? .unspecified
        ))
        let summary: ReadSummary
        do {
            summary = try EventLogReport.read([eventsPath], into: &accumulator, workers: jobs)
        } catch {
            throw CommandError("\(error)")
        }
        let report: Report
        do {
            report = try ReportBuilder.report(from: accumulator, inputs: [eventsPath], diagnostics: summary.diagnostics)
        } catch {
            throw CommandError("\(error)")
        }
        let colors = StandardIO.outputIsTerminal && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        StandardIO.write(ReportFormat.table.renderer(colors: colors).render(report) + "\n")
        let htmlPath = directory + "/report.html"
        do {
            try OutputFile.write(Array(ReportFormat.html.renderer().render(report).utf8), to: htmlPath)
        } catch {
            throw CommandError("cannot write \(htmlPath): \(error)")
        }
        StandardIO.write("HTML report with charts: \(htmlPath)\n")
    }
}
