/// Columns of text padded to a common width, for the terminal table and the CLI's listings.
package struct TextTable {
    /// How a column's cells line up.
    enum Alignment {
        case left
        case right
    }

    /// One cell: its text, cut to ``TerminalText/textLimit`` characters and sanitized, and the ANSI style it is
    /// shown in when colours are on.
    struct Cell {
        var text: String
        var style: ANSIStyle?

        init(_ text: String, style: ANSIStyle? = nil) {
            self.text = TerminalText.sanitized(TerminalText.capped(text, to: TerminalText.textLimit))
            self.style = style
        }
    }

    var headers: [String]
    var alignments: [Alignment]
    var rows: [[Cell]] = []

    /// The table's lines: header, a rule, then the rows; columns separated by two spaces.
    func lines(colors: Bool) -> [String] {
        let columnCount = headers.count
        var widths = headers.map(\.count)
        for row in rows {
            for (column, cell) in row.prefix(columnCount).enumerated() {
                widths[column] = max(widths[column], cell.text.count)
            }
        }
        let header = zip(headers, widths.indices).map { header, column in
            pad(header, to: widths[column], alignment: alignments[column])
        }
        var lines = [trimmed(colors ? header.map { ANSIStyle.bold.apply(to: $0) } : header)]
        lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
        for row in rows {
            let cells = widths.indices.map { column in
                let cell = column < row.count ? row[column] : Cell("")
                let padded = pad(cell.text, to: widths[column], alignment: alignments[column])
                guard colors, let style = cell.style else { return padded }
                return style.apply(to: padded)
            }
            lines.append(trimmed(cells))
        }
        return lines
    }

    private func pad(_ text: String, to width: Int, alignment: Alignment) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return alignment == .left ? text + padding : padding + text
    }

    private func trimmed(_ cells: [String]) -> String {
        var line = cells.joined(separator: "  ")
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}

extension TextTable {
    /// Left-aligned columns under a rule, without colours: the CLI's listings (`variants`, `assign`).
    ///
    /// - Parameter rows: the header row first, then one row per line.
    package static func render(_ rows: [[String]]) -> String {
        guard let headers = rows.first else { return "" }
        var table = TextTable(headers: headers, alignments: headers.map { _ in .left })
        table.rows = rows.dropFirst().map { row in row.map { Cell($0) } }
        return table.lines(colors: false).joined(separator: "\n")
    }
}
