import FlowEvents
import FlowReports
import Testing

/// The SQL of `switchyard sql`: every string of the configuration is a literal the engine reads back as is.
@Suite("SQL for engines: literals and sources")
struct AggregateQueryTests {
    static let hostile = #"it's "done"; DROP TABLE x"#

    @Test("A quote ends no literal: DuckDB doubles it, ClickHouse and Spark escape it and the backslash")
    func literals() {
        #expect(SQLDialect.duckdb.literal(Self.hostile) == #"'it''s "done"; DROP TABLE x'"#)
        #expect(SQLDialect.clickhouse.literal(Self.hostile) == #"'it\'s "done"; DROP TABLE x'"#)
        #expect(SQLDialect.spark.literal(Self.hostile) == #"'it\'s "done"; DROP TABLE x'"#)
        #expect(SQLDialect.duckdb.literal(#"a\'b"#) == #"'a\''b'"#)
        #expect(SQLDialect.clickhouse.literal(#"a\'b"#) == #"'a\\\'b'"#)
        #expect(SQLDialect.spark.literal(#"a\'b"#) == #"'a\\\'b'"#)
    }

    @Test("Identifiers are quoted in each dialect, each part of a qualified table name apart")
    func identifiers() {
        #expect(SQLDialect.duckdb.identifier(#"ev"il"#) == #""ev""il""#)
        #expect(SQLDialect.clickhouse.identifier("ev`il") == #"`ev\`il`"#)
        #expect(SQLDialect.spark.identifier("ev`il") == "`ev``il`")
        let query = AggregateQuery(dialect: .duckdb, source: .table("analytics.events"), experiments: [:]).text
        #expect(query.contains(#"FROM "analytics"."events""#))
    }

    @Test("A step named and matched by a hostile string appears in the query only as escaped literals")
    func hostileStep() {
        let funnel = FunnelDefinition(
            steps: [FunnelStep(name: Self.hostile, matcher: .screenShown(Self.hostile))],
            goal: EventMatcher(type: .action, action: Self.hostile, properties: [Self.hostile: Self.hostile])
        )
        for dialect in SQLDialect.allCases {
            let query = AggregateQuery(
                dialect: dialect, source: .files("/logs/*.jsonl"),
                experiments: [Self.hostile: ExperimentAnalysisPlan(variations: ["A"], funnel: funnel)]
            ).text
            let literal = dialect.literal(Self.hostile)
            // Remove every escaped literal: no piece of the hostile string may be left.
            let stripped = query.replacing(literal, with: "")
            #expect(!stripped.contains("DROP TABLE"), "\(dialect)")
            #expect(query.contains(literal), "\(dialect)")
        }
    }

    @Test("Only the selected experiment's exposures are counted")
    func selectedExperiment() {
        let query = AggregateQuery(
            dialect: .spark, source: .table("events"), experiments: ["a": ExperimentAnalysisPlan(), "b": ExperimentAnalysisPlan()],
            experiment: "b"
        ).text
        #expect(query.contains("AND ex = 'b'"))
        #expect(!query.contains("'a'"))
    }
}
