/// RFC 4180 CSV: fields separated by commas, quoted with `"` (doubled inside), records by LF or CRLF; quoted
/// fields may hold commas and line breaks.
enum CSVRecords {
    /// One record and the line it starts on (from 1).
    struct Record: Sendable {
        var line: Int
        var fields: [String]
    }

    static func parse(_ text: String) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var isQuoted = false
        var line = 1
        var recordLine = 1
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            if isQuoted {
                if scalar == "\"" {
                    if pending == "\"" {
                        field.unicodeScalars.append("\"")
                        pending = scalars.next()
                    } else {
                        isQuoted = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                isQuoted = true
            case ",":
                fields.append(field)
                field = ""
            case "\r" where pending == "\n":
                continue
            case "\n":
                fields.append(field)
                records.append(Record(line: recordLine, fields: fields))
                fields = []
                field = ""
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append(Record(line: recordLine, fields: fields))
        }
        return records
    }
}
