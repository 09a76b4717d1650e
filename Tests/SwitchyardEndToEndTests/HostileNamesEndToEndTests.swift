import Foundation
import Testing

/// A config or a log written by someone else can hold escape sequences, bidi overrides and spreadsheet formulas
/// in its names: `validate` and `map` print them inert, and `report --format csv` writes them neutralised.
@Suite("Hostile names in configs and logs, end to end")
struct HostileNamesEndToEndTests {
    /// A funnel step name as JSON text: an ESC sequence that clears the screen, BEL, C1 CSI, a bidi override.
    static let jsonStepName = #"Skipped\u001b[2J\u0007\u009b\u202eintro"#

    /// Whether `text` holds anything but line feeds that a terminal would act on.
    private static func drivesTerminal(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x2028, 0x2029, 0x202E].contains($0.value)
        }
    }

    /// The bundled onboarding config with its first funnel step renamed to the hostile name and counting an
    /// action no variant offers, so that `validate` and `map` lint it and print its name.
    private func cliWithHostileConfig() throws -> CLI {
        let cli = try CLI()
        var config = try String(contentsOfFile: Repository.experiments, encoding: .utf8)
        let step = "{ \"name\": \"Started onboarding\", \"type\": \"action\", \"screen\": \"welcome\", \"action\": \"get_started\" }"
        #expect(config.contains(step))
        config = config.replacingOccurrences(
            of: step, with: "{ \"name\": \"\(Self.jsonStepName)\", \"type\": \"action\", \"screen\": \"welcome\", \"action\": \"skip\" }"
        )
        try config.write(toFile: cli.path("experiments.json"), atomically: true, encoding: .utf8)
        return cli
    }

    @Test("validate accepts a step name with escape sequences, and its lints print the name inert")
    func validateLint() throws {
        let cli = try cliWithHostileConfig()
        let result = try cli.run(["validate", "--config", "experiments.json"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("experiments.json: valid for onboarding"), "the validator accepts the name")
        #expect(result.standardError.hasPrefix("Error: 2 lints found:\n"), "\(result.standardError)")
        #expect(result.standardError.contains("counts step 2 \"Skipped?[2J???intro\""), "\(result.standardError)")
        #expect(!Self.drivesTerminal(result.standardOutput + result.standardError))
    }

    @Test("map prints the same lints inert, and its DOT and Mermaid drawings stay clean")
    func mapLint() throws {
        let cli = try cliWithHostileConfig()
        for format in ["json", "dot", "mermaid"] {
            let result = try cli.run(["map", "--app", "onboarding", "--config", "experiments.json", "--format", format])
            #expect(result.status == 1)
            #expect(result.standardError.contains("\"Skipped?[2J???intro\""), "\(result.standardError)")
            #expect(!Self.drivesTerminal(result.standardError))
            if format != "json" { #expect(!Self.drivesTerminal(result.standardOutput)) }
        }
    }

    @Test("validate refuses a variation that no variant registers, naming it inert")
    func validateRefusal() throws {
        let cli = try CLI()
        var config = try String(contentsOfFile: Repository.experiments, encoding: .utf8)
        config = config.replacingOccurrences(
            of: "\"variations\": [\"signup-before-profile\", \"signup-after-profile\"]",
            with: #""variations": ["signup-before-profile", "evil\u001b]0;owned\u0007\u202e"]"#
        )
        try config.write(toFile: cli.path("experiments.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["validate", "--config", "experiments.json"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: "), "\(result.standardError)")
        #expect(result.standardError.contains("evil?]0;owned??"), "\(result.standardError)")
        #expect(!Self.drivesTerminal(result.standardError))
    }

    @Test("report --format csv: formula names start with a quote, controls are U+FFFD, differences stay numbers; RFC 4180 to the end")
    func reportCSV() throws {
        let cli = try CLI()
        let experiment = "=cmd|' /C calc'!A0"
        let variants = ["+1", "-2\u{1B}[31m\u{9B}"]
        var lines: [String] = []
        for index in 0..<20 {
            let user = "u\(index)"
            let variant = variants[index % 2]
            func line(_ type: String, _ second: Int, screen: String? = nil) throws {
                let object: [String: Any] = [
                    "schema": 1, "time": String(format: "2026-11-22T09:%02d:%02d.000Z", index, second), "session": "s-\(user)",
                    "user": user, "experiment": experiment, "variant": variant, "type": type,
                    "screen": screen.map { $0 as Any } ?? NSNull(), "action": NSNull(), "properties": [String: String](),
                ]
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
            }
            try line("exposure", 0)
            try line("screen_shown", 1, screen: "@SUM(1)")
            if index % 2 == 0 { try line("flow_completed", 2) }
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: cli.path("hostile.jsonl"), atomically: true, encoding: .utf8)
        let result = try cli.run(["report", "hostile.jsonl", "--format", "csv"])
        #expect(result.status == 0, "\(result.standardError)")
        let lastRecord = result.standardOutput.dropLast(2).components(separatedBy: "\r\n").last ?? ""
        #expect(result.standardOutput.hasSuffix(",0\r\n") && lastRecord.contains(",fixed-horizon" + String(repeating: ",", count: 16)),
                "CRLF ends the last record, with no line after it")
        let rows = result.standardOutput.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        let shareRows = rows.filter { $0.contains(",path,") || $0.contains(",left_on,") }
        #expect(rows.count - shareRows.count == 2, "\(rows.map { $0.prefix(120) })")
        // The path-share rows name the hostile screen as inertly as the step rows do.
        #expect(!shareRows.isEmpty && shareRows.allSatisfy { $0.contains(",'@SUM(1),") })
        #expect(rows.allSatisfy { $0.hasPrefix("'=cmd|' /C calc'!A0,") })
        #expect(rows.contains { $0.hasPrefix("'=cmd|' /C calc'!A0,'+1,true,,10,10,1.0,1,'@SUM(1),") })
        #expect(rows.contains { $0.hasPrefix("'=cmd|' /C calc'!A0,'-2\u{FFFD}[31m\u{FFFD},false,,10,0,0.0,1,'@SUM(1),") })
        #expect(rows.contains { $0.contains(",-1.0,") }, "the difference is a number")
        #expect(!Self.drivesTerminal(result.standardOutput.replacingOccurrences(of: "\r\n", with: "\n")))
    }
}
