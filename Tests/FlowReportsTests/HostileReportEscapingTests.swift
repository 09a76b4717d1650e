import Foundation
import FlowReports
import Testing

/// Reports over someone else's log are safe to open: whatever the experiments, variants, screens, failure reasons
/// and files are called, no format lets a name become markup, break a table, or reach the terminal as a control.
@Suite("Hostile names from a log stay inert in every report format")
struct HostileReportEscapingTests {
    // MARK: HTML

    @Test("HTML: every tag is one the renderer writes, with double-quoted attributes holding no quote, < or >", arguments: HostileReports.Kind.allCases)
    func htmlTags(kind: HostileReports.Kind) throws {
        let html = HTMLRenderer().render(kind.report)
        let tagNames: Set<String> = [
            "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "ul", "li", "section", "span",
            "strong", "em", "table", "thead", "tbody", "tr", "th", "td", "figure", "figcaption", "div", "svg", "g",
            "line", "rect", "circle", "path", "text",
        ]
        let wellFormed = try Regex(#"^</?([a-z0-9]+)( [a-zA-Z0-9-]+="[^"<>]*")*/?>$"#)
        for tag in HTMLTokens(html).tags where tag != "<!DOCTYPE html>" {
            let match = try #require(try wellFormed.wholeMatch(in: tag), "malformed tag: \(tag.prefix(200))")
            let name = try #require(match.output[1].substring)
            #expect(tagNames.contains(String(name)), "unexpected tag: \(tag.prefix(200))")
        }
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<i>"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("<!--"))
    }

    @Test("HTML: text between tags holds no < or >, and & only as a character reference", arguments: HostileReports.Kind.allCases)
    func htmlText(kind: HostileReports.Kind) throws {
        let html = HTMLRenderer().render(kind.report)
        let reference = try Regex("^&(amp|lt|gt|quot|#39);")
        for text in HTMLTokens(html).text {
            #expect(!text.contains(">"), "\(text.prefix(200))")
            var rest = text[...]
            while let ampersand = rest.firstIndex(of: "&") {
                rest = rest[ampersand...]
                #expect(try reference.prefixMatch(in: rest) != nil, "bare &: \(rest.prefix(40))")
                rest = rest.dropFirst()
            }
        }
    }

    @Test("HTML: control characters never appear, escaped names do, SVG labels included", arguments: HostileReports.Kind.allCases)
    func htmlEscapedNames(kind: HostileReports.Kind) {
        let html = HTMLRenderer().render(kind.report)
        #expect(!html.unicodeScalars.contains { $0.isControl && !["\t", "\n", "\r"].contains($0) })
        #expect(html.contains("a&quot;b&#39;c&amp;d &lt;img src=x onerror=alert(1)&gt;"))
        #expect(html.contains("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("<title>Funnel of a&quot;b&#39;c&amp;d &lt;img src=x onerror=alert(1)&gt;</title>"))
        #expect(html.contains("aria-label=\"Funnel of a&quot;b&#39;c&amp;d &lt;img src=x onerror=alert(1)&gt;\""))
        #expect(html.contains("&lt;/text&gt;&lt;script&gt;alert(1)&lt;/…</text>"), "SVG labels are cut, after escaping nothing is left raw")
    }

    // MARK: Markdown

    @Test("Markdown: every table row has exactly its header's cells, whatever pipes and line breaks names hold", arguments: HostileReports.Kind.allCases)
    func markdownTables(kind: HostileReports.Kind) {
        let lines = MarkdownRenderer().render(kind.report).components(separatedBy: "\n")
        var headerCells: Int?
        var rows = 0
        for line in lines {
            guard line.hasPrefix("|") else {
                headerCells = nil
                continue
            }
            #expect(line.hasSuffix("|"))
            let cells = MarkdownCells.count(in: line)
            if let headerCells {
                #expect(cells == headerCells, "\(line.prefix(200))")
                rows += 1
            } else {
                headerCells = cells
            }
        }
        #expect(rows > 4, "the tables have rows")
    }

    @Test("Markdown: no HTML, no control characters, no line separators; punctuation that formats is escaped", arguments: HostileReports.Kind.allCases)
    func markdownInert(kind: HostileReports.Kind) {
        let report = kind.report
        let markdown = MarkdownRenderer().render(report)
        #expect(!markdown.contains("<"))
        #expect(!markdown.unicodeScalars.contains { $0.isControl && $0 != "\n" })
        #expect(!markdown.unicodeScalars.contains { TerminalHazards.isHazard($0) }, "no line separator or bidi override")
        #expect(!markdown.contains("[x](javascript"))
        if report.mode == .report {
            #expect(markdown.contains(##"\]\]&gt;&lt;\!-- \| \* \_ \` \# \[x\](javascript:alert(1)) --&gt;"##))
        }
    }

    // MARK: CSV

    @Test("CSV: an RFC 4180 parser reads back every name, neutralised and otherwise exact, in rows of the header's width", arguments: HostileReports.Kind.allCases)
    func csvRoundTrip(kind: HostileReports.Kind) throws {
        let report = kind.report
        let csv = CSVRenderer().render(report)
        let rows = try #require(RFC4180.parse(csv))
        #expect(rows.first == CSVRenderer.columns)
        let records = rows.dropFirst()
        #expect(!records.isEmpty)
        #expect(records.allSatisfy { $0.count == CSVRenderer.columns.count })
        func column(_ name: String) -> Set<String> {
            let index = CSVRenderer.columns.firstIndex(of: name)!
            return Set(records.map { $0[index] })
        }
        let experiment = try #require(report.experiments.first)
        #expect(column("experiment") == [SpreadsheetCell.expected(experiment.key)])
        #expect(column("variant") == Set(experiment.arms.map { SpreadsheetCell.expected($0.variant) }))
        #expect(column("step") == Set(experiment.arms.flatMap { $0.steps.map { SpreadsheetCell.expected($0.name) } }))
        #expect(column("source") == Set(experiment.arms.map { SpreadsheetCell.expected($0.source ?? "") }))
        #expect(!csv.unicodeScalars.contains { ($0.isControl && $0 != "\r" && $0 != "\n") || TerminalHazards.isHazard($0) })
    }

    // MARK: Terminal table

    @Test("table: no control character, line separator or bidi override reaches the terminal", arguments: HostileReports.Kind.allCases)
    func tableInert(kind: HostileReports.Kind) {
        for colors in [false, true] {
            let output = TableRenderer(colors: colors).render(kind.report)
            #expect(!output.contains("\u{1B}[31mred"), "a name's own escape sequence is not passed through")
            let withoutOwnStyles = ["1", "2", "31", "32", "33", "1;31", "1;33", "0"].reduce(output) { text, code in
                text.replacingOccurrences(of: "\u{1B}[\(code)m", with: "")
            }
            #expect(!withoutOwnStyles.unicodeScalars.contains { $0.isControl && $0 != "\n" })
            #expect(!output.unicodeScalars.contains { TerminalHazards.isHazard($0) })
        }
    }

    @Test("table: a line break inside a name cannot start a line of its own", arguments: HostileReports.Kind.allCases)
    func tableLines(kind: HostileReports.Kind) {
        let lines = TableRenderer(colors: false).render(kind.report).components(separatedBy: "\n")
        #expect(!lines.contains { $0.hasPrefix("line") || $0.hasPrefix("cr") || $0.hasPrefix("second.jsonl") })
    }

    // MARK: JSON

    @Test("JSON: valid JSON that decodes to the same report and holds every name exactly", arguments: HostileReports.Kind.allCases)
    func jsonRoundTrip(kind: HostileReports.Kind) throws {
        let report = kind.report
        let json = JSONRenderer().render(report)
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["inputs"] as? [String] == report.inputs)
        let experiment = try #require((object["experiments"] as? [[String: Any]])?.first)
        #expect(experiment["key"] as? String == report.experiments.first?.key)
        let arms = try #require(experiment["arms"] as? [[String: Any]])
        #expect(arms.map { $0["variant"] as? String } == report.experiments[0].arms.map(\.variant))
        let decoded = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        #expect(decoded == report)
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is a C0 or C1 control character, or DEL.
    fileprivate var isControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}

/// Characters that are not controls but still rearrange or break what a terminal shows.
enum TerminalHazards {
    static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// The tags and the texts between them of an HTML page, split at `<` and `>`.
private struct HTMLTokens {
    var tags: [String] = []
    var text: [String] = []

    init(_ html: String) {
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            text.append(String(rest[..<open]))
            guard let close = rest[open...].firstIndex(of: ">") else {
                tags.append(String(rest[open...]))
                return
            }
            tags.append(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        text.append(String(rest))
    }
}

/// Cells of a GitHub-flavoured Markdown table row.
private enum MarkdownCells {
    /// The number of cells in `row`: pipes not escaped by a backslash, less one.
    static func count(in row: String) -> Int {
        var pipes = 0
        var escaped = false
        for character in row {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                pipes += 1
            }
        }
        return pipes - 1
    }
}

/// A strict RFC 4180 reader: CRLF record ends, fields quoted when they hold commas, quotes or line breaks.
enum RFC4180 {
    /// The records of `text`, or nil if it is not valid RFC 4180 (a stray quote or line break, no CRLF at the end).
    static func parse(_ text: String) -> [[String]]? {
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"" where field.isEmpty:
                while true {
                    guard let next = scalars.popFirst() else { return nil }
                    if next != "\"" {
                        field.append(next)
                    } else if scalars.first == "\"" {
                        field.append(scalars.removeFirst())
                    } else {
                        break
                    }
                }
                guard scalars.first == "," || scalars.first == "\r" else { return nil }
            case "\"", "\n":
                return nil
            case ",":
                record.append(String(field))
                field = String.UnicodeScalarView()
            case "\r":
                guard scalars.popFirst() == "\n" else { return nil }
                record.append(String(field))
                records.append(record)
                record = []
                field = String.UnicodeScalarView()
            default:
                field.append(scalar)
            }
        }
        return record.isEmpty && field.isEmpty ? records : nil
    }
}
