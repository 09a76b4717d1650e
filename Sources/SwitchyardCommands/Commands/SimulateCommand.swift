import ArgumentParser
import FlowEvents
import UserSimulation
import VariantKit

/// `switchyard simulate`: synthetic users drive the real coordinators, in parallel, reproducibly.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Drive synthetic users through the real coordinators and log their events.",
        discussion: """
            Each user is assigned by the experiment config, or gets the variants --variant names, and walks the \
            flow as the behaviour model says, on a simulated clock. The same --seed gives a byte-identical log \
            whatever --jobs is.
            """
    )

    @Option(parsing: .unconditional, help: "How many users to simulate.")
    var users: Int

    @OptionGroup var appOptions: AppOptions

    @Option(name: .customLong("variant"), help: ArgumentHelp(
        "A variant every user gets, logged as forced; repeat it for several slots. The config assigns the other slots.",
        valueName: "id"
    ))
    var variants: [String] = []

    @Option(help: ArgumentHelp("The experiment config (default: Configuration/<app>/experiments.json when it exists).", valueName: "path"))
    var config: String?

    @OptionGroup var stickyStore: StickyStoreOption

    @Option(help: ArgumentHelp("The behaviour model (default: Configuration/<app>/behavior.json).", valueName: "path"))
    var behavior: String?

    @Option(parsing: .unconditional, help: "The seed of every random draw.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp(
        """
        What every user id starts with, followed by the user's number from 0: pilot- names them pilot-0, pilot-1, ... \
        (default: s<seed>-user-).
        """,
        valueName: "prefix"
    ))
    var idPrefix: String?

    @Option(help: ArgumentHelp("The JSON Lines log to write.", valueName: "path"))
    var events = "simulation.jsonl"

    @Option(parsing: .unconditional, help: "How many batches of users to simulate at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "Add to an existing log instead of refusing.")
    var append = false

    @Flag(help: "Replace an existing log, once the new one is complete.")
    var replace = false

    @Flag(help: "fsync the log after every batch of sessions written, so they survive the machine losing power.")
    var fsync = false

    func validate() throws {
        guard users >= 0 else { throw ValidationError("--users must be 0 or more, got \(users)") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, got \(jobs)") }
        guard !(append && replace) else { throw ValidationError("--append and --replace cannot be used together") }
    }

    func run() async throws {
        let registry = try CommandInputs.registry(app: appOptions.app, configPath: config, variants: variants)
        let runner = SimulationRunner(
            simulation: Simulation(users: users, seed: seed, jobs: jobs ?? ProcessInfoCores.active, idPrefix: idPrefix),
            configuration: try CommandInputs.configuration(path: config, registry: registry),
            behavior: try CommandInputs.behavior(path: behavior, registry: registry),
            registry: registry,
            durability: fsync ? .machineCrash : .processCrash,
            stickyBuckets: try stickyStore.open(),
            forcedVariants: try CommandInputs.forcedVariants(variants, in: registry)
        )
        let figures = try await runner.run(into: events, existing: append ? .append : replace ? .replace : .refuse)
        StandardIO.write(figures.summary)
    }
}
