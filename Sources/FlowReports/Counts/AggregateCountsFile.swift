import Foundation

/// The rows of a counts file, as an engine exported the aggregate query's output: CSV with a header line
/// (DuckDB `COPY ... (HEADER)`, ClickHouse `CSVWithNames`, Spark `.option("header", true)`), JSON Lines
/// (DuckDB `FORMAT json`, ClickHouse `JSONEachRow`, Spark `.write.json`) or one JSON array of objects.
///
/// Columns may come in any order but must be exactly ``AggregateRow/columns``. Whole numbers may be JSON
/// numbers or strings of digits (ClickHouse quotes 64-bit integers in JSON).
public struct AggregateCountsFile: Sendable {
    /// The rows, in file order.
    public private(set) var rows: [AggregateRow] = []
    /// Where each row is, aligned with `rows`, for errors found later.
    public private(set) var locations: [String] = []

    /// Reads `text`, the contents of the file `path`.
    ///
    /// - Throws: ``AggregateCountsError`` at the first row that cannot be read.
    public init(text: String, path: String) throws(AggregateCountsError) {
        let start = text.unicodeScalars.first { !$0.properties.isWhitespace }
        if start == "[" || start == "{" {
            try readJSON(text, path: path)
        } else {
            try readCSV(text, path: path)
        }
    }

    // MARK: CSV

    private mutating func readCSV(_ text: String, path: String) throws(AggregateCountsError) {
        let records = CSVRecords.parse(text)
        guard let header = records.first else {
            throw AggregateCountsError(location: "\(path):1", problem: "empty counts file (expected a header line: \(Self.expected))")
        }
        let columns = try Self.columnIndices(header.fields, location: "\(path):\(header.line)")
        for record in records.dropFirst() where !(record.fields.count == 1 && record.fields[0].isEmpty) {
            let location = "\(path):\(record.line)"
            guard record.fields.count == header.fields.count else {
                throw AggregateCountsError(
                    location: location, problem: "\(record.fields.count) fields, but the header has \(header.fields.count)"
                )
            }
            try append(location: location) { column in .text(record.fields[columns[column] ?? 0]) }
        }
    }

    // MARK: JSON

    private mutating func readJSON(_ text: String, path: String) throws(AggregateCountsError) {
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.first == "[" {
            guard let array = try? JSONDecoder().decode([JSONCountValue.Object].self, from: Data(text.utf8)) else {
                throw AggregateCountsError(location: path, problem: "not a JSON array of objects with string and number values")
            }
            for (index, object) in array.enumerated() {
                try appendJSON(object.fields, location: "\(path): element \(index + 1)")
            }
            return
        }
        var line = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            line += 1
            guard rawLine.contains(where: { !$0.isWhitespace }) else { continue }
            let location = "\(path):\(line)"
            guard let object = try? JSONDecoder().decode(JSONCountValue.Object.self, from: Data(rawLine.utf8)) else {
                throw AggregateCountsError(location: location, problem: "not a JSON object with string and number values")
            }
            try appendJSON(object.fields, location: location)
        }
    }

    private mutating func appendJSON(_ object: [String: JSONCountValue], location: String) throws(AggregateCountsError) {
        _ = try Self.columnIndices(Array(object.keys), location: location)
        try append(location: location) { column in
            switch object[AggregateRow.columns[column]] {
            case let .text(text): .text(text)
            case let .number(number): .text(number)
            case let .other(kind): .other(kind)
            case nil: .other("nothing")
            }
        }
    }

    // MARK: Fields

    private enum Field {
        case text(String)
        case other(String)
    }

    private static var expected: String {
        AggregateRow.columns.joined(separator: ", ")
    }

    /// The index of every expected column in `names`.
    private static func columnIndices(_ names: [String], location: String) throws(AggregateCountsError) -> [Int: Int] {
        let missing = AggregateRow.columns.filter { !names.contains($0) }
        let extra = names.filter { !AggregateRow.columns.contains($0) }
        guard missing.isEmpty, extra.isEmpty else {
            var problems: [String] = []
            if !missing.isEmpty { problems.append("missing column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { problems.append("unexpected column\(extra.count == 1 ? "" : "s") \(extra.joined(separator: ", "))") }
            throw AggregateCountsError(location: location, problem: problems.joined(separator: "; ") + " (expected \(expected))")
        }
        var indices: [Int: Int] = [:]
        for (column, name) in AggregateRow.columns.enumerated() {
            indices[column] = names.firstIndex(of: name)
        }
        return indices
    }

    private mutating func append(location: String, field: (Int) -> Field) throws(AggregateCountsError) {
        func text(_ column: Int) throws(AggregateCountsError) -> String {
            switch field(column) {
            case let .text(value): return value
            case let .other(kind):
                throw AggregateCountsError(location: location, problem: "column \(AggregateRow.columns[column]): expected a string, got \(kind)")
            }
        }
        func number(_ column: Int, allowsNegative: Bool) throws(AggregateCountsError) -> Int64 {
            let name = AggregateRow.columns[column]
            guard case let .text(value) = field(column) else {
                let kind = if case let .other(kind) = field(column) { kind } else { "something else" }
                throw AggregateCountsError(location: location, problem: "column \(name): expected a whole number, got \(kind)")
            }
            guard let number = Int64(value) else {
                throw AggregateCountsError(location: location, problem: "column \(name): expected a whole number, got \"\(value)\"")
            }
            guard allowsNegative || number >= 0 else {
                throw AggregateCountsError(location: location, problem: "column \(name): expected 0 or more, got \(number)")
            }
            return number
        }
        let measureText = try text(2)
        guard let measure = AggregateMeasure(rawValue: measureText) else {
            throw AggregateCountsError(
                location: location,
                problem: "column measure: unknown measure \"\(measureText)\" (expected one of "
                    + AggregateMeasure.allCases.map(\.rawValue).joined(separator: ", ") + ")"
            )
        }
        let step = try number(3, allowsNegative: false)
        let total = try number(7, allowsNegative: false)
        guard step <= Int64(Int32.max), total <= Int64(Int.max) else {
            throw AggregateCountsError(location: location, problem: "a step or total too large to be a count")
        }
        rows.append(AggregateRow(
            experiment: try text(0), variant: try text(1), measure: measure, step: Int(step), name: try text(4),
            reason: try text(5), value: try number(6, allowsNegative: measure == .firstExposure), total: Int(total)
        ))
        locations.append(location)
    }
}
