/// Where the query reads Switchyard's events from.
public enum EventSource: Sendable, Hashable {
    /// A table (or view) with the columns of the event schema, typed as docs/Warehouses.md creates it:
    /// `time` a timestamp, `properties` a map of strings.
    case table(String)
    /// JSON Lines files matching a glob, read as they are.
    case files(String)

    /// The query's first common table expression: every line's event as `u` (user), `se` (session), `sq` (seq, NULL
    /// when absent), `t` (epoch milliseconds), `ty` (type), `sc` (screen), `ac` (action), `ex` (experiment), `va`
    /// (variant) and `pr` (properties).
    func events(in dialect: SQLDialect) -> String {
        let columns = "\(q("user", dialect)) AS u, \(q("session", dialect)) AS se, \(q("seq", dialect)) AS sq, %TIME% AS t, \(q("type", dialect)) AS ty, \(q("screen", dialect)) AS sc, "
            + "\(q("action", dialect)) AS ac, \(q("experiment", dialect)) AS ex, \(q("variant", dialect)) AS va, "
            + "\(q("properties", dialect)) AS pr"
        let time = q("time", dialect)
        switch (self, dialect) {
        case let (.table(name), .duckdb):
            return "SELECT " + columns.replacing("%TIME%", with: "epoch_ms(\(time))") + " FROM \(dialect.qualifiedName(name))"
        case let (.table(name), .clickhouse):
            return "SELECT " + columns.replacing("%TIME%", with: "toUnixTimestamp64Milli(\(time))") + " FROM \(dialect.qualifiedName(name))"
        case let (.table(name), .spark):
            return "SELECT " + columns.replacing("%TIME%", with: "unix_millis(\(time))") + " FROM \(dialect.qualifiedName(name))"
        case let (.files(glob), .duckdb):
            let schema = "{'schema': 'INTEGER', 'time': 'TIMESTAMPTZ', 'session': 'VARCHAR', 'seq': 'BIGINT', 'user': 'VARCHAR', "
                + "'experiment': 'VARCHAR', 'variant': 'VARCHAR', 'type': 'VARCHAR', 'screen': 'VARCHAR', "
                + "'action': 'VARCHAR', 'properties': 'MAP(VARCHAR, VARCHAR)'}"
            return "SELECT " + columns.replacing("%TIME%", with: "epoch_ms(\(time))")
                + " FROM read_json(\(dialect.literal(glob)), format = 'newline_delimited', columns = \(schema), ignore_errors = true)"
                + " WHERE \(q("user", dialect)) IS NOT NULL AND \(time) IS NOT NULL AND \(q("type", dialect)) IS NOT NULL"
        case let (.files(glob), .clickhouse):
            let schema = "schema Int32, time String, session String, seq Nullable(Int64), user String, experiment Nullable(String), "
                + "variant Nullable(String), type String, screen Nullable(String), action Nullable(String), "
                + "properties Map(String, String)"
            return "SELECT " + columns.replacing("%TIME%", with: "toUnixTimestamp64Milli(parseDateTime64BestEffort(\(time), 3, 'UTC'))")
                + " FROM file(\(dialect.literal(glob)), 'JSONEachRow', \(dialect.literal(schema)))"
        case let (.files(glob), .spark):
            let schema = "`schema` INT, `time` TIMESTAMP, `session` STRING, `seq` BIGINT, `user` STRING, `experiment` STRING, "
                + "`variant` STRING, `type` STRING, `screen` STRING, `action` STRING, `properties` MAP<STRING, STRING>"
            let spaced = columns.replacing("%TIME%", with: "unix_millis(\(time))")
            return "SELECT \(spaced) FROM (SELECT j.* FROM (SELECT from_json(value, \(dialect.literal(schema))) AS j"
                + " FROM text.\(dialect.identifier(glob))) AS parsed WHERE j.`user` IS NOT NULL AND j.`time` IS NOT NULL"
                + " AND j.`type` IS NOT NULL) AS lines"
        }
    }

    private func q(_ column: String, _ dialect: SQLDialect) -> String {
        dialect.identifier(column)
    }
}
