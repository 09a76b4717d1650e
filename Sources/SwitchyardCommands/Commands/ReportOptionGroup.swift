import ArgumentParser
import FlowReports

/// The options `report` and `compare` share.
struct ReportOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp("Output format: table, markdown, json, csv or html.", valueName: "format"))
    var format: ReportFormat = .table

    @Option(help: ArgumentHelp("Write the report to this file instead of standard output.", valueName: "path"))
    var out: String?

    @Option(help: ArgumentHelp("Report only this experiment.", valueName: "key"))
    var experiment: String?

    @Option(help: ArgumentHelp("The variant every other is compared with (default: the config's first variation).", valueName: "variant"))
    var control: String?

    // Unconditional, so that a negative value is read and refused by name rather than taken for an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Significance level of the tests and intervals.", valueName: "alpha"))
    var alpha: Double = 0.05

    @Option(help: ArgumentHelp(
        "Experiment config with funnels and weights (default: every Configuration/<app>/experiments.json that exists).",
        valueName: "path"
    ))
    var config: String?

    @Option(help: ArgumentHelp(
        "Break results down by this session_started property: another slot's variant (e.g. app-shell) or a logged attribute.",
        valueName: "property"
    ))
    var segmentBy: String?

    @Flag(help: "Sequential testing: intervals and p-values stay valid however often results are looked at (overrides the config's choice).")
    var sequential = false

    func validate() throws {
        guard alpha > 0, alpha < 1 else {
            throw ValidationError("--alpha must be between 0 and 1 (exclusive), got \(alpha)")
        }
    }

    /// The comparison settings these options ask for.
    var settings: ComparisonSettings {
        ComparisonSettings(alpha: alpha, method: sequential ? .sequential : .fixedHorizon)
    }
}

extension ReportFormat: ExpressibleByArgument {}
