/// Where the query reads Switchyard's events from.
public enum EventSource: Sendable, Hashable {
    /// A table (or view) with the columns of the event schema, typed as docs/Warehouses.md creates it:
    /// `time` a timestamp, `properties` a map of strings.
    case table(String)
    /// JSON Lines files matching a glob, each line read as text and kept or skipped as the native reader does
    /// (`LogLineQuery`).
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
        case let (.files(glob), _):
            return LogLineQuery(dialect: dialect, glob: glob).text
        }
    }

    private func q(_ column: String, _ dialect: SQLDialect) -> String {
        dialect.identifier(column)
    }
}
