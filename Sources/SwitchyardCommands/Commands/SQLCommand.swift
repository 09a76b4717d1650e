import ArgumentParser
import FlowReports

/// `switchyard sql`: the query that counts a report's aggregates in DuckDB, ClickHouse or Spark.
struct SQLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sql",
        abstract: "Print the SQL query that counts what `report` needs, for an engine past one machine.",
        discussion: """
            Run the query where the events are, export its output as CSV or JSON, and build the report with \
            `switchyard report --counts FILE` (same config, same --segment-by). docs/Warehouses.md shows it start to finish.
            """
    )

    @Option(help: ArgumentHelp("The engine: duckdb, clickhouse or spark.", valueName: "engine"))
    var engine: SQLDialect

    @Option(help: ArgumentHelp("Count only this experiment.", valueName: "key"))
    var experiment: String?

    @Option(help: ArgumentHelp(
        "Experiment config with funnels (default: every Configuration/<app>/experiments.json that exists).",
        valueName: "path"
    ))
    var config: String?

    @Option(help: ArgumentHelp("The table or view holding the events (default: events).", valueName: "name"))
    var table: String?

    @Option(help: ArgumentHelp("Read the JSON Lines files matching this glob instead of a table.", valueName: "glob"))
    var files: String?

    @Option(help: ArgumentHelp("Also count segments by this session_started property, as `report --segment-by`.", valueName: "property"))
    var segmentBy: String?

    func validate() throws {
        if table != nil, files != nil { throw ValidationError("give either --table or --files, not both") }
        if table?.isEmpty == true { throw ValidationError("--table must name a table") }
        if files?.isEmpty == true { throw ValidationError("--files must name a glob") }
    }

    func run() throws {
        let (configurations, source) = try ReportConfigurations.load(configPath: config)
        if let experiment, configurations[experiment] == nil {
            let known = configurations.keys.sorted()
            let origin = if case let .file(path) = source { path } else { "the configuration" }
            throw CommandError(
                "experiment \"\(experiment)\" is not in \(origin)"
                    + (known.isEmpty ? "" : " (its experiments: \(known.joined(separator: ", ")))")
            )
        }
        let query = AggregateQuery(
            dialect: engine, source: files.map(EventSource.files) ?? .table(table ?? "events"),
            experiments: configurations, experiment: experiment, segmentBy: segmentBy
        )
        try StandardIO.writeResult(query.text)
    }
}

extension SQLDialect: ExpressibleByArgument {}
