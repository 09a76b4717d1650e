import ArgumentParser
import FlowEvents
import FlowReports

/// `switchyard report`: funnels per variant and a verdict, from any number of event logs.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report funnels per variant and a verdict for every experiment in event logs.",
        discussion: """
            Users are counted in the variant of their first exposure; users exposed to several variants of \
            an experiment are reported and excluded. Malformed lines are skipped and counted.
            """
    )

    @Argument(help: ArgumentHelp("JSON Lines event logs.", valueName: "events"))
    var events: [String] = []

    @Option(help: ArgumentHelp(
        "Build the report from the aggregates `switchyard sql` counted in an engine (CSV or JSON) instead of event logs.",
        valueName: "file"
    ))
    var counts: String?

    @OptionGroup var options: ReportOptionGroup

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "How many of each arm's most common screen paths to report, with where users left; 0 counts no paths.",
        valueName: "n"
    ))
    var topPaths = 5

    @Option(help: ArgumentHelp(
        "Judge defined metrics by frequentist p-values or Bayesian chance to win and risk: frequentist or bayesian "
            + "(overrides each experiment's analysis.engine).",
        valueName: "engine"
    ))
    var engine: AnalysisEngine?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Threads that decode the logs beside the one that counts; 0 decodes on that thread alone, in log order, "
            + "doing the same work every run.",
        valueName: "n"
    ))
    var decodingThreads = 2

    @Flag(inversion: .prefixedNo, help: """
        In an HTML report, draw each arm's observed paths on its variant's flow map, explored from the registered \
        coordinators, marking the moves the map offers that nobody made, and name the configured funnel steps a \
        variant's map can skip.
        """)
    var map = true

    func validate() throws {
        if counts != nil, !events.isEmpty {
            throw ValidationError("give either event logs or --counts, not both")
        }
        if counts == nil, events.isEmpty {
            throw ValidationError("Missing expected argument '<events> ...' (or --counts FILE)")
        }
        guard topPaths >= 0 else { throw ValidationError("--top-paths must be 0 or more, got \(topPaths)") }
        guard (0...FlowEventReader.maximumWorkers).contains(decodingThreads) else {
            throw ValidationError("--decoding-threads must be from 0 to \(FlowEventReader.maximumWorkers), got \(decodingThreads)")
        }
    }

    func run() async throws {
        let drawsMaps = counts == nil && topPaths > 0 && map && options.format == .html
        let (configurations, source) = try ReportConfigurations.load(configPath: options.config)
        // Exploring the maps runs the apps' coordinators: in a watched worker, so one that traps costs its map, not the
        // report; the report itself is read and written here.
        let explored = drawsMaps ? try await OfferedTransitions.explored(plans: configurations) : (offered: [:], skippable: [:])
        var reportOptions = ReportOptions(
            experiment: options.experiment,
            control: options.control,
            settings: options.settings,
            experiments: configurations,
            configurationSource: source,
            segmentBy: options.segmentBy,
            topPaths: counts == nil ? topPaths : 0,
            offeredTransitions: explored.offered,
            engine: engine
        )
        reportOptions.skippableSteps = explored.skippable
        if let counts {
            try ReportOutput.write(try CountsReport.build(from: counts, options: reportOptions), options: options)
            return
        }
        try EventLogInputs.check(events)
        let report: Report
        do {
            report = try EventLogReport.report(of: events, options: reportOptions, workers: decodingThreads)
        } catch {
            throw CommandError("\(error)")
        }
        try ReportOutput.write(report, options: options)
    }
}

extension ReadSummary {
    /// The summary as report diagnostics: nothing when every line was read.
    var diagnostics: [String] { isClean ? [] : [description] }
}

extension AnalysisEngine: ExpressibleByArgument {}
