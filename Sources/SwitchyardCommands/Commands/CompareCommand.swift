import ArgumentParser
import FlowEvents
import FlowReports

/// `switchyard compare`: two logs side by side, each log one arm.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two event logs side by side, e.g. one per variant run; each log is one arm.",
        discussion: """
            An arm is named after the variant its log's assignment or exposure events name most often. \
            The first log is control unless --control names the other.
            """
    )

    @Argument(help: ArgumentHelp("The control log.", valueName: "A.jsonl"))
    var first: String

    @Argument(help: ArgumentHelp("The treatment log.", valueName: "B.jsonl"))
    var second: String

    @OptionGroup var options: ReportOptionGroup

    func run() throws {
        try EventLogInputs.check([first, second])
        let configurations = try ReportConfigurations.load(configPath: options.config).experiments
        let configured = options.experiment.flatMap { configurations[$0] }
        let compareOptions = CompareOptions(
            experiment: options.experiment,
            control: options.control,
            settings: options.settings,
            funnel: configured?.funnel,
            weights: nil
        )
        var logs: [ComparedLog] = []
        var diagnostics: [String] = []
        for path in [first, second] {
            var accumulator = ArmLogAccumulator(options: compareOptions)
            do {
                let summary = try FlowEventReader(paths: [path]).readParallel(workers: 2) { batch in
                    for event in batch { accumulator.consume(event) }
                }
                diagnostics += summary.diagnostics
            } catch {
                throw CommandError("\(error)")
            }
            logs.append(ComparedLog(label: path, accumulator: accumulator))
        }
        let report: Report
        do {
            report = try ReportBuilder.compare(logs, options: compareOptions, diagnostics: diagnostics)
        } catch {
            throw CommandError("\(error)")
        }
        try ReportOutput.write(report, options: options)
    }
}
