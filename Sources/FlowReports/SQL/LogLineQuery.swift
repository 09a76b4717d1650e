/// The SELECT that reads Switchyard's JSON Lines files in an engine and keeps exactly the lines the native reader
/// keeps (docs/Events.md, "Lines every reader skips"), each as the columns of ``EventSource/events(in:)``.
///
/// Each line is read as text and parsed by the engine's JSON functions, never by a typed reader that would turn
/// `"7"` into 7 or read a time in forms the log format does not have:
/// - `schema` must be the JSON integer 1;
/// - `seq`, when present and not null, a JSON integer (no fraction, no exponent) from 0 to 2^53 − 1;
/// - `time` a text of the time grammar (``TimeTextExpression``), converted by integer arithmetic, the same in
///   every engine and for every year from 0000 to 9999;
/// - `user`, `session` and `type` present. A line that is not JSON is skipped alone: the next line is read.
struct LogLineQuery {
    var dialect: SQLDialect
    /// The glob of the files.
    var glob: String

    /// `2^53 − 1`, the largest `seq` (`FlowEvent.maximumSequence`).
    static let maximumSequence = "9007199254740991"

    /// The query: one row per kept line, columns `u`, `se`, `sq`, `t`, `ty`, `sc`, `ac`, `ex`, `va`, `pr`.
    var text: String {
        let time = TimeTextExpression(dialect: dialect)
        return "SELECT u, se, sq, \(time.milliseconds) AS t, ty, sc, ac, ex, va, pr FROM (SELECT u, se, sq, ty, sc, ac, ex, va, pr, "
            + "\(time.components) FROM (\(fields)) AS fields WHERE \(time.matchesGrammar("tx"))) AS parts WHERE \(time.isValidDate)"
    }

    /// Every kept line's fields, with its time as text (`tx`).
    private var fields: String {
        switch dialect {
        case .duckdb:
            let string = { (key: String) in "json_extract_string(j, '$.\(key)')" }
            let type = { (key: String) in "json_type(j, '$.\(key)')" }
            return "SELECT \(string("user")) AS u, \(string("session")) AS se, TRY_CAST(\(string("seq")) AS BIGINT) AS sq, "
                + "\(string("time")) AS tx, \(string("type")) AS ty, \(string("screen")) AS sc, \(string("action")) AS ac, "
                + "\(string("experiment")) AS ex, \(string("variant")) AS va, "
                + "json_transform(json_extract(j, '$.properties'), '\"MAP(VARCHAR, VARCHAR)\"') AS pr "
                + "FROM (SELECT json AS j FROM read_json_objects(\(dialect.literal(glob)), format = 'newline_delimited', "
                + "ignore_errors = true)) AS lines WHERE j IS NOT NULL "
                + "AND \(type("schema")) IN ('UBIGINT', 'BIGINT') AND \(string("schema")) = '1' "
                + "AND (COALESCE(\(type("seq")), 'NULL') = 'NULL' OR (\(type("seq")) IN ('UBIGINT', 'BIGINT') "
                + "AND TRY_CAST(\(string("seq")) AS BIGINT) BETWEEN 0 AND \(Self.maximumSequence))) "
                + "AND \(string("user")) IS NOT NULL AND \(string("session")) IS NOT NULL AND \(string("type")) IS NOT NULL"
        case .clickhouse:
            let string = { (key: String) in "JSONExtract(line, '\(key)', 'Nullable(String)')" }
            let raw = { (key: String) in "JSONExtractRaw(line, '\(key)')" }
            let type = { (key: String) in "toString(JSONType(line, '\(key)'))" }
            return "SELECT \(string("user")) AS u, \(string("session")) AS se, toInt64OrNull(\(raw("seq"))) AS sq, "
                + "\(string("time")) AS tx, \(string("type")) AS ty, \(string("screen")) AS sc, \(string("action")) AS ac, "
                + "\(string("experiment")) AS ex, \(string("variant")) AS va, "
                + "JSONExtract(line, 'properties', 'Map(String, String)') AS pr "
                + "FROM file(\(dialect.literal(glob)), 'LineAsString') WHERE isValidJSON(line) "
                + "AND \(type("schema")) IN ('Int64', 'UInt64') AND \(raw("schema")) = '1' "
                + "AND (\(type("seq")) = 'Null' OR (\(type("seq")) IN ('Int64', 'UInt64') AND length(\(raw("seq"))) <= 16 "
                + "AND toInt64OrNull(\(raw("seq"))) BETWEEN 0 AND \(Self.maximumSequence))) "
                + "AND \(string("user")) IS NOT NULL AND \(string("session")) IS NOT NULL AND \(string("type")) IS NOT NULL"
        case .spark:
            // A value from_json cannot read as the column's type (`"7"` or 1.5 as BIGINT) is NULL; so a `seq` whose
            // text is there but whose number is not was no integer.
            let schema = "`schema` BIGINT, `time` STRING, `session` STRING, `seq` BIGINT, `user` STRING, `experiment` STRING, "
                + "`variant` STRING, `type` STRING, `screen` STRING, `action` STRING, `properties` MAP<STRING, STRING>"
            return "SELECT j.`user` AS u, j.`session` AS se, j.`seq` AS sq, j.`time` AS tx, j.`type` AS ty, j.`screen` AS sc, "
                + "j.`action` AS ac, j.`experiment` AS ex, j.`variant` AS va, j.`properties` AS pr "
                + "FROM (SELECT from_json(value, \(dialect.literal(schema))) AS j, get_json_object(value, '$.seq') AS seqText "
                + "FROM text.\(dialect.identifier(glob))) AS lines WHERE j.`schema` = 1 "
                + "AND (seqText IS NULL OR j.`seq` BETWEEN 0 AND \(Self.maximumSequence)) "
                + "AND j.`user` IS NOT NULL AND j.`session` IS NOT NULL AND j.`type` IS NOT NULL"
        }
    }
}
