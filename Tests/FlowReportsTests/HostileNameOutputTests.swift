import FlowEvents
import Foundation
@testable import FlowReports
import Testing

/// Names a hostile log producer would choose, in every output: spreadsheet formulas are neutralised in CSV,
/// controls and bidi overrides never reach a terminal, Markdown or CSV, a huge name is cut in text outputs (and
/// kept whole in JSON and CSV), and users left out of the paths by the cap on path length are counted with the cap.
@Suite("Hostile names in outputs: formulas, controls, bidi overrides and huge names")
struct HostileNameOutputTests {
    static let formulas = ["=cmd|' /C calc'!A0", "+1", "-2", "@SUM(1)", "  =1+1", "\t=1", "\r=1"]
    static let controls = ["esc\u{1B}[31mred", "bell\u{7}ring", "nul\u{0}x", "csi\u{9B}31m", "rlo\u{202E}gnp.exe", "sep\u{2028}line"]
    static let huge = String(repeating: "x", count: 900_000)

    /// A report whose experiment, variants and screens (each a discovered funnel step) are the hostile names; the
    /// control converts every user, the others none, so the treatments' differences are negative numbers.
    static let report: Report = {
        var script = EventScript()
        let experiment = formulas[0]
        for (index, variant) in (["control"] + formulas + controls + [huge]).enumerated() {
            for copy in 0..<2 {
                let user = "u\(index)-\(copy)"
                script.expose(user, to: variant, in: experiment, at: Double(index))
                script.show(variant, to: user, at: Double(index) + 1)
                if variant == "control" { script.add(.flowCompleted, user: user, at: Double(index) + 2) }
            }
        }
        return try! ReportBuilder.report(events: script.events, options: ReportOptions(), inputs: ["log"])
    }()

    // MARK: CSV

    @Test("CSV: a text cell that would start a formula starts with a quote; numbers the renderer writes stay numbers")
    func csvFormulas() throws {
        let rows = try #require(RFC4180.parse(CSVRenderer().render(Self.report)))
        let records = rows.dropFirst()
        func column(_ name: String) -> [String] {
            let index = CSVRenderer.columns.firstIndex(of: name)!
            return records.map { $0[index] }
        }
        for name in ["experiment", "variant", "source", "step", "notes"] {
            #expect(column(name).allSatisfy { !SpreadsheetCell.startsFormula($0) }, "\(name)")
        }
        let variants = Set(column("variant"))
        #expect(variants.isSuperset(of: ["'=cmd|' /C calc'!A0", "'+1", "'-2", "'@SUM(1)", "'  =1+1", "\u{FFFD}=1"]))
        #expect(Set(column("step")).isSuperset(of: ["'=cmd|' /C calc'!A0", "'-2"]))
        #expect(Set(column("experiment")) == ["'=cmd|' /C calc'!A0"])
        #expect(Set(records.map { $0[1] }) == Set(Self.report.experiments[0].arms.map { SpreadsheetCell.expected($0.variant) }))
        let differences = column("absolute_difference").filter { !$0.isEmpty }
        #expect(!differences.isEmpty && differences.allSatisfy { $0 == "-1.0" }, "a difference is written as a number: \(Set(differences))")
    }

    @Test("CSV: controls, line separators and bidi overrides in names become U+FFFD; the file stays RFC 4180")
    func csvControls() throws {
        let csv = CSVRenderer().render(Self.report)
        let withoutRecordEnds = csv.replacingOccurrences(of: "\r\n", with: "")
        #expect(!withoutRecordEnds.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!csv.unicodeScalars.contains { TerminalHazards.isHazard($0) })
        let variants = Set(try #require(RFC4180.parse(csv)).dropFirst().map { $0[1] })
        #expect(variants.isSuperset(of: [
            "esc\u{FFFD}[31mred", "bell\u{FFFD}ring", "nul\u{FFFD}x", "csi\u{FFFD}31m", "rlo\u{FFFD}gnp.exe", "sep\u{FFFD}line",
        ]))
        #expect(variants.contains(Self.huge), "CSV is data: a name is kept whole")
    }

    // MARK: Terminal table and Markdown

    @Test("table and Markdown: no control character, line separator or bidi override; formulas are plain text")
    func textInert() {
        let table = TableRenderer(colors: false).render(Self.report)
        let markdown = MarkdownRenderer().render(Self.report)
        for output in [table, markdown] {
            #expect(!output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
            #expect(!output.unicodeScalars.contains { TerminalHazards.isHazard($0) })
        }
        #expect(table.contains("esc?[31mred") && table.contains("rlo?gnp.exe") && table.contains("csi?31m"))
        #expect(markdown.contains("esc\u{FFFD}\\[31mred") && markdown.contains("rlo\u{FFFD}gnp.exe"))
    }

    @Test("table and Markdown: a 900 KB name is cut to 200 characters, marked with its length; JSON keeps it whole")
    func hugeName() throws {
        let cut = String(repeating: "x", count: TerminalText.nameLimit) + "… (900,000 characters)"
        let table = TableRenderer(colors: false).render(Self.report)
        let markdown = MarkdownRenderer().render(Self.report)
        for output in [table, markdown] {
            #expect(output.contains(cut))
            #expect(!output.contains(String(repeating: "x", count: TerminalText.nameLimit + 1)))
            #expect(output.utf8.count < 100_000, "\(output.utf8.count) bytes")
        }
        let json = JSONRenderer().render(Self.report)
        let decoded = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        #expect(decoded.experiments[0].arms.contains { $0.variant == Self.huge })
    }

    @Test("A name is cut only past the cap, by characters, not bytes")
    func capBoundary() {
        let atCap = String(repeating: "é", count: TerminalText.nameLimit)
        #expect(TerminalText.capped(atCap) == atCap)
        #expect(TerminalText.capped(atCap + "é") == atCap + "… (201 characters)")
    }

    @Test("A terminal message keeps its line breaks; each line is sanitized and cut")
    func message() {
        #expect(TerminalText.message("2 problems found:\nexperiments[0].key \u{1B}[2J\u{7}: bad\nrlo\u{202E}x") ==
                "2 problems found:\nexperiments[0].key ?[2J?: bad\nrlo?x")
        let long = TerminalText.message(String(repeating: "y", count: 5_000))
        #expect(long == String(repeating: "y", count: TerminalText.textLimit) + "… (5,000 characters)")
    }

    // MARK: Observed paths beyond the cap

    @Test("Users whose path is longer than the cap are counted with the cap's value in every format")
    func pathsBeyondCap() throws {
        var script = EventScript()
        for (index, screens) in [["welcome", "signup"], ["welcome", "signup", "home"], ["welcome", "signup", "home"]].enumerated() {
            script.expose("u\(index)", to: "A", at: 1)
            for (offset, screen) in screens.enumerated() { script.show(screen, to: "u\(index)", at: 2 + Double(offset)) }
        }
        let funnel = FunnelDefinition(steps: [], conversionWindowSeconds: 600, goal: EventMatcher(type: .flowCompleted))
        var options = ReportOptions(experiments: ["onboarding": ExperimentAnalysisPlan(variations: ["A"], funnel: funnel)], topPaths: 5)
        options.pathLengthLimit = 2
        var accumulator = ExperimentLogAccumulator(options: options)
        accumulator.consume(contentsOf: script.events)
        let report = try ReportBuilder.report(from: accumulator, inputs: ["log"])
        let paths = try #require(report.experiments.first?.arms.first?.paths)
        #expect(paths.usersBeyondCap == 2 && paths.pathLengthCap == 2)
        let sentence = "2 users on paths longer than the cap of 2 screens, in no path or move shown"
        #expect(TableRenderer(colors: false).render(report).contains(sentence))
        #expect(MarkdownRenderer().render(report).contains(sentence))
        let html = HTMLRenderer().render(report)
        #expect(html.components(separatedBy: sentence).count - 1 == 2, "under the drawing and in the table")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(JSONRenderer().render(report).utf8)) as? [String: Any])
        let arm = try #require(((object["experiments"] as? [[String: Any]])?.first?["arms"] as? [[String: Any]])?.first)
        let json = try #require(arm["paths"] as? [String: Any])
        #expect(json["users_beyond_cap"] as? Int == 2 && json["path_length_cap"] as? Int == 2)
    }

    @Test("A report's JSON written before the cap on path length was stated still decodes, with the default cap")
    func decodesWithoutCap() throws {
        let json = #"{"distinct_paths":1,"top":[],"other_users":0,"users_beyond_cap":0,"left_on":[],"transitions":[]}"#
        let paths = try JSONDecoder().decode(ObservedPathsReport.self, from: Data(json.utf8))
        #expect(paths.pathLengthCap == 128)
    }
}
