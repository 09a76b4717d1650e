/// The time grammar of the log format (docs/Events.md, "Times"; `EventTimestamp(iso8601:)` natively) in SQL:
/// `YYYY-MM-DDThh:mm:tss`, an optional fraction of 1 to 9 digits, then `Z` or `±thh:mm`.
///
/// Engines' own timestamp parsers each take other forms (a space for `T`, no zone, other offsets' spellings) and
/// other ranges of years, so the text is checked by a regular expression and converted by integer arithmetic: days
/// from the civil date (Howard Hinnant's algorithm, years shifted by 400 so every division is of non-negative
/// numbers), then milliseconds, digits past the third of the fraction dropped, the offset subtracted.
struct TimeTextExpression {
    var dialect: SQLDialect

    /// Whether `text` has the grammar's form (the date and the ranges are checked by `isValidDate`).
    func matchesGrammar(_ text: String) -> String {
        let pattern = dialect.literal(#"\A[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})\z"#)
        return switch dialect {
        case .duckdb: "regexp_matches(\(text), \(pattern))"
        case .clickhouse: "match(\(text), \(pattern))"
        case .spark: "(\(text) RLIKE \(pattern))"
        }
    }

    /// The numbers of a time text `tx` that matches the grammar, as columns: `tyr`, `tmo`, `tdy`, `thh`, `tmi`, `tss`,
    /// `tms` (the fraction's first three digits), `toh` and `tom` (the offset's hours and minutes, 0 for `Z`) and
    /// `tos` (the offset's sign, 1 or −1).
    var components: String {
        let zone = "CASE WHEN substr(tx, length(tx), 1) = 'Z' THEN 1 ELSE 6 END"
        let fraction = "substr(tx, 21, length(tx) - 20 - \(zone))"
        let offset = { (start: Int) in "CASE WHEN substr(tx, length(tx), 1) = 'Z' THEN 0 ELSE \(integer("substr(tx, length(tx) - \(start), 2)")) END" }
        return [
            "\(integer("substr(tx, 1, 4)")) AS tyr", "\(integer("substr(tx, 6, 2)")) AS tmo", "\(integer("substr(tx, 9, 2)")) AS tdy",
            "\(integer("substr(tx, 12, 2)")) AS thh", "\(integer("substr(tx, 15, 2)")) AS tmi", "\(integer("substr(tx, 18, 2)")) AS tss",
            "CASE WHEN substr(tx, 20, 1) = '.' THEN \(integer("substr(\(fraction) || '00', 1, 3)")) ELSE 0 END AS tms",
            "\(offset(4)) AS toh", "\(offset(1)) AS tom",
            "CASE WHEN substr(tx, length(tx) - 5, 1) = '-' THEN -1 ELSE 1 END AS tos",
        ].joined(separator: ", ")
    }

    /// Whether the components name a date that exists, a time of day (a second of 60 read as the next minute's
    /// first) and an offset of less than a day.
    var isValidDate: String {
        let leap = "((tyr % 4 = 0 AND tyr % 100 <> 0) OR tyr % 400 = 0)"
        let monthLength = "CASE WHEN tmo = 2 THEN CASE WHEN \(leap) THEN 29 ELSE 28 END WHEN tmo IN (4, 6, 9, 11) THEN 30 ELSE 31 END"
        return "tmo BETWEEN 1 AND 12 AND tdy BETWEEN 1 AND \(monthLength) AND thh < 24 AND tmi < 60 AND tss < 61 AND toh < 24 AND tom < 60"
    }

    /// Milliseconds since 1970 of the components.
    var milliseconds: String {
        let year = "(CASE WHEN tmo <= 2 THEN tyr - 1 ELSE tyr END + 400)"
        let dayOfYear = "\(div("153 * (CASE WHEN tmo > 2 THEN tmo - 3 ELSE tmo + 9 END) + 2", "5")) + tdy - 1"
        // 719,468 days from 0000-03-01 to 1970-01-01, and 146,097 in the 400 years the years were shifted by.
        let days = "(365 * \(year) + \(div(year, "4")) - \(div(year, "100")) + \(div(year, "400")) + \(dayOfYear) - 865565)"
        return "((\(days) * 86400 + thh * 3600 + tmi * 60 + tss) * 1000 + tms - tos * (toh * 60 + tom) * 60000)"
    }

    /// `text` as an integer, NULL when it is none (never an error: engines may compute this before filtering).
    private func integer(_ text: String) -> String {
        switch dialect {
        case .duckdb: "TRY_CAST(\(text) AS BIGINT)"
        case .clickhouse: "toInt64OrNull(\(text))"
        case .spark: "try_cast(\(text) AS BIGINT)"
        }
    }

    private func div(_ dividend: String, _ divisor: String) -> String {
        dialect.integerDivision(dividend, divisor)
    }
}
