/// An SQL engine the aggregate query can be written for, and how its dialect spells what the query needs.
public enum SQLDialect: String, Sendable, CaseIterable {
    /// DuckDB: standard string literals, `read_json` for files.
    case duckdb
    /// ClickHouse (a server, or chDB in process): backslash escapes, `file(..., 'JSONEachRow')` for files.
    case clickhouse
    /// Spark SQL: backslash escapes, backtick identifiers, `from_json` over `text.` files.
    case spark

    /// `text` as a string literal that the engine reads back exactly, whatever it contains.
    public func literal(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch (self, character) {
            case (.duckdb, "'"): escaped += "''"
            case (.clickhouse, "'"), (.spark, "'"): escaped += "\\'"
            case (.clickhouse, "\\"), (.spark, "\\"): escaped += "\\\\"
            case (.clickhouse, "\0"), (.spark, "\0"): escaped += "\\0"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "'" + escaped + "'"
    }

    /// `name` as a quoted identifier.
    public func identifier(_ name: String) -> String {
        switch self {
        case .duckdb: "\"" + name.replacingAll("\"", with: "\"\"") + "\""
        case .clickhouse: "`" + name.replacingAll("\\", with: "\\\\").replacingAll("`", with: "\\`") + "`"
        case .spark: "`" + name.replacingAll("`", with: "``") + "`"
        }
    }

    /// A table name that may be qualified (`db.events`): each dot-separated part quoted.
    func qualifiedName(_ name: String) -> String {
        name.split(separator: ".", omittingEmptySubsequences: false).map { identifier(String($0)) }.joined(separator: ".")
    }

    /// The type strings are cast to in the output.
    var stringType: String {
        switch self {
        case .duckdb: "VARCHAR"
        case .clickhouse: "String"
        case .spark: "STRING"
        }
    }

    /// Integer division of two non-negative integers.
    func integerDivision(_ dividend: String, _ divisor: String) -> String {
        switch self {
        case .duckdb: "(\(dividend)) // (\(divisor))"
        case .clickhouse: "intDiv(\(dividend), \(divisor))"
        case .spark: "(\(dividend)) div (\(divisor))"
        }
    }

    /// The value of property `key` of the event, NULL when the event has no such property.
    func property(_ key: String, of column: String) -> String {
        switch self {
        case .duckdb: "element_at(\(column), \(literal(key)))[1]"
        case .clickhouse: "if(mapContains(\(column), \(literal(key))), \(column)[\(literal(key))], NULL)"
        case .spark: "\(column)[\(literal(key))]"
        }
    }

    /// Whether `text` (a string, possibly NULL) is a number in JSON's grammar, as `EventPropertyNumber` reads one:
    /// a regular expression with `[0-9]` rather than a digit class (Java's would take other scripts' digits)
    /// and `\A` and `\z` rather than `^` and `$` (Java's `$` also matches before a last line break). NULL for NULL.
    func isJSONNumber(_ text: String) -> String {
        let pattern = literal(#"\A-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?\z"#)
        return switch self {
        case .duckdb: "regexp_matches(\(text), \(pattern))"
        case .clickhouse: "match(\(text), \(pattern))"
        case .spark: "(\(text) RLIKE \(pattern))"
        }
    }

    /// The strings of `column` over a group's rows, sorted and separated by single spaces; NULLs left out, `''`
    /// when there are none.
    func sortedConcatenation(_ column: String) -> String {
        switch self {
        case .duckdb: "COALESCE(string_agg(\(column), ' ' ORDER BY \(column)), '')"
        case .clickhouse: "arrayStringConcat(arraySort(groupArray(\(column))), ' ')"
        case .spark: "array_join(array_sort(collect_list(\(column))), ' ')"
        }
    }

    /// A map column as text, the same text for equal maps whatever the order of their keys in the line (a NULL map
    /// as an empty one): a value every engine can partition rows by.
    func mapText(_ column: String) -> String {
        let sorted = switch self {
        case .duckdb: "CAST(list_sort(map_entries(\(column))) AS VARCHAR)"
        case .clickhouse: "toString(arraySort(arrayZip(mapKeys(\(column)), mapValues(\(column)))))"
        case .spark: "to_json(array_sort(map_entries(\(column))))"
        }
        return "COALESCE(\(sorted), '')"
    }

    /// `expression` (a whole number) as a string of decimal digits.
    func text(_ expression: String) -> String {
        "CAST(\(expression) AS \(stringType))"
    }

    /// Settings appended to the query.
    var querySettings: String? {
        switch self {
        // Lines are read as text (`LogLineQuery`) and judged by the JSON functions: no input format error to allow.
        case .clickhouse: "SETTINGS join_use_nulls = 1, prefer_column_name_to_alias = 1"
        case .duckdb, .spark: nil
        }
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
