import FlowEvents
@testable import FlowReports
import Foundation
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

    // MARK: Metrics a team defines

    static let hostileMatcher = EventMatcher(type: .mutation, screen: hostile, properties: [hostile: hostile])

    /// A plan with a metric of every kind, each naming the hostile string where a config can.
    static var metricPlan: ExperimentAnalysisPlan {
        let definitions = [
            MetricDefinition(id: "spend", name: "Spend", kind: .mean(MetricValue(events: hostileMatcher, property: hostile)), direction: .higherIsBetter),
            MetricDefinition(id: "orders", name: "Orders", kind: .mean(MetricValue(events: hostileMatcher)), direction: .higherIsBetter,
                             windowMilliseconds: 86_400_000),
            MetricDefinition(id: "buyers", name: "Buyers", kind: .proportion(hostileMatcher), direction: .higherIsBetter),
            MetricDefinition(id: "spend-per-order", name: "Spend per order", kind: .ratio(numerator: "spend", denominator: "orders"),
                             direction: .higherIsBetter),
            MetricDefinition(id: "buyers-per-order", name: "Buyers per order", kind: .ratio(numerator: "buyers", denominator: "orders"),
                             direction: .higherIsBetter),
            MetricDefinition(id: "wait", name: "Wait", kind: .duration(start: .event(.screenShown(hostile)), end: hostileMatcher),
                             direction: .lowerIsBetter),
            MetricDefinition(id: "wait-p90", name: "Wait p90", kind: .quantile(of: "wait", level: 0.9), direction: .lowerIsBetter),
        ]
        return ExperimentAnalysisPlan(
            variations: ["A", "B"], guardrails: ["back_navigations"],
            secondaryMetrics: definitions.map(\.id), metricDefinitions: Dictionary(uniqueKeysWithValues: definitions.map { ($0.id, $0) })
        )
    }

    @Test("Measurements a ratio reads are one group, counted together per user; two ratios sharing a side make one group of three")
    func measurementGroups() {
        let metrics = ExperimentMetrics(plan: Self.metricPlan, funnel: .screensInOrderSeen)
        // back_navigations, spend, orders, buyers, wait: the ratios join spend, orders and buyers.
        #expect(metrics.measurements.count == 5)
        #expect(metrics.measurementGroups == [[0], [1, 2, 3], [4]])
        #expect(metrics.label(ofGroup: [0]) == "count back within 1209600000 ms")
        #expect(metrics.label(ofGroup: [1, 2, 3]).hasSuffix(" within 86400000 ms | any \(Self.hostileMatcher.summary) within 1209600000 ms"))
    }

    @Test("Every defined metric is counted, in every dialect, with the hostile string only inside escaped literals")
    func definedMetricRows() {
        for dialect in SQLDialect.allCases {
            let query = AggregateQuery(dialect: dialect, source: .table("events"), experiments: ["shop": Self.metricPlan]).text
            #expect(query.contains("'metric_group'") && query.contains("'metric_users'"), "\(dialect)")
            #expect(!query.contains("'user_back_navigations'"), "\(dialect)")
            // Three groups, with one row each for the arms and one for the users per tuple of values.
            #expect(query.components(separatedBy: "'metric_group'").count - 1 == 3, "\(dialect)")
            // Each measurement reads the events of its own window.
            #expect(query.contains("o <= 86400000"), "\(dialect)")
            // The hostile string is in literals of its own and inside the groups' descriptions: outside every
            // literal, none of it is left.
            #expect(!Self.withoutLiterals(query, in: dialect).contains("DROP TABLE"), "\(dialect)")
            #expect(Self.withoutLiterals(query, in: dialect).contains("metric_group") == false, "\(dialect)")
        }
        let builtInOnly = AggregateQuery(dialect: .duckdb, source: .table("events"), experiments: ["shop": ExperimentAnalysisPlan()]).text
        #expect(!builtInOnly.contains("metric_group"))
    }

    @Test("The query's number pattern accepts what the report reads as a number, but numbers too large for a Double (counted invalid on reading)")
    func numberPattern() throws {
        // The pattern every dialect is given, read back from DuckDB's literal (which escapes only quotes).
        let spelled = SQLDialect.duckdb.isJSONNumber("p")
        let literal = try #require(spelled.split(separator: "'").dropFirst().first)
        let pattern = try NSRegularExpression(pattern: String(literal))
        let strings = ["0", "-0", "12", "45.99", "-2.5e-3", "1E+2", "1e-400", "123456789012345678901234567890", "1e400",
                       "NaN", "Infinity", "-Infinity", " 12", "12 ", "12\n", "\n12", "\u{0663}", "\u{FF11}", "0x10", "+1", "01", "-01", "1.",
                       ".5", "-", "", "1,5", "12abc", "--1", "1e", "1e+", "1.5.5", "1e5e5", "0.0", "00", "1_000"]
        for string in strings {
            let range = NSRange(string.startIndex..., in: string)
            let matched = pattern.firstMatch(in: string, range: range) != nil
            let expected = (try? EventPropertyNumber.read(string).get()) != nil || string == "1e400"
            #expect(matched == expected, "\(string.debugDescription)")
        }
        #expect(SQLDialect.clickhouse.isJSONNumber("p").contains(#"'\\A-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?\\z'"#))
        #expect(SQLDialect.spark.isJSONNumber("p").hasPrefix("(p RLIKE '\\\\A"))
    }

    /// `query` with every string literal removed, read as `dialect` reads them: a quote doubled in DuckDB, escaped
    /// by a backslash in ClickHouse and Spark.
    static func withoutLiterals(_ query: String, in dialect: SQLDialect) -> String {
        var result = ""
        var inLiteral = false
        var characters = query.makeIterator()
        while let character = characters.next() {
            guard inLiteral else {
                if character == "'" { inLiteral = true } else { result.append(character) }
                continue
            }
            if character == "\\", dialect != .duckdb {
                _ = characters.next()
            } else if character == "'" {
                inLiteral = false
            }
        }
        return result
    }
}
