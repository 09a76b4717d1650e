import Foundation
import FlowReports
import Testing

/// Markdown, CSV and terminal output keep hostile names inert.
@Suite("Markdown, CSV and table: hostile names stay inert")
struct PlainFormatEscapingTests {
    @Test("The terminal table replaces control characters, so names cannot inject escape sequences")
    func tableSanitizes() {
        let output = TableRenderer(colors: false).render(ReportFixtures.hostile)
        #expect(!output.contains("\u{1B}"))
        #expect(output.contains("?[31mred|pipe,comma?line"))
    }

    @Test("Colours appear only when asked for")
    func colorsOnlyWhenAsked() {
        #expect(!TableRenderer(colors: false).render(ReportFixtures.sample).contains("\u{1B}["))
        #expect(TableRenderer(colors: true).render(ReportFixtures.sample).contains("\u{1B}[1;33mWARNING: sample ratio mismatch"))
    }

    @Test("Markdown escapes pipes, HTML and emphasis characters")
    func markdownEscapes() {
        let output = MarkdownRenderer().render(ReportFixtures.hostile)
        #expect(!output.contains("<script"))
        #expect(output.contains("&lt;script&gt;alert(\"x\")&lt;/script&gt;"))
        #expect(output.contains("red\\|pipe,comma line"))
    }

    @Test("CSV quotes fields with commas and quotes (RFC 4180); a name's controls and line breaks become U+FFFD")
    func csvQuoting() {
        let output = CSVRenderer().render(ReportFixtures.hostile)
        #expect(output.contains(",\"a\"\"b'c&d\","))
        #expect(output.contains(",\"\u{FFFD}[31mred|pipe,comma\u{FFFD}line\","))
        #expect(output.hasSuffix("\r\n"))
    }

    @Test("CSV has one row per experiment × variant × step after the header, then one per metric × treatment, then one per path share")
    func csvRows() {
        let output = CSVRenderer().render(ReportFixtures.sample)
        let rows = output.components(separatedBy: "\r\n").dropLast()
        #expect(rows.first == CSVRenderer.columns.joined(separator: ","))
        #expect(rows.count == 1 + (3 + 3 + 2 + 1) + 2 + 2 + (1 + 1))
        #expect(rows.filter { $0.contains(",left_on,welcome,") }.count == 1)
        #expect(rows.filter { $0.contains(",back_navigations,mean,true,") }.count == 1)
    }
}
