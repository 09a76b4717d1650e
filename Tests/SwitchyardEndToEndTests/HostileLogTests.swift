import Foundation
import Testing

/// A log from elsewhere can name experiments, variants, screens and failure reasons anything: every report format
/// written from it is inert, and hostile user ids typed into `run` round-trip through the log.
@Suite("Hostile values in a log, end to end")
struct HostileLogTests {
    static let experiment = #"<script>alert("exp")</script>"#
    static let control = #"a"b'c&d <img src=x onerror=alert(1)>"#
    static let treatment = "\u{1B}[31mred\u{1B}[0m|pipe,comma\nline\u{2028}sep\u{202E}bidi\u{0}nul"
    static let screens = ["</text><script>alert(1)</script>", "]]><!-- | * _ ` # [x](javascript:alert(1))"]
    static let reason = #"<i>bad</i>","=cmd|' /C calc'!A0"#
    /// A file name hostile to HTML and terminals (a file name cannot hold NUL or `/`).
    static let logName = "<b>\"x'&\u{1B}[2J.jsonl"

    /// The log as another tool might write it: keys in any order, `/` escaped, every string hostile.
    static func hostileLog() throws -> Data {
        var lines: [Data] = []
        for index in 0..<40 {
            let user = "u\(index)\"<\u{1B}>"
            let variant = index.isMultiple(of: 2) ? control : treatment
            func event(_ type: String, _ second: Int, screen: String? = nil, properties: [String: String] = [:]) throws {
                let object: [String: Any] = [
                    "schema": 1, "time": String(format: "2026-11-22T09:%02d:%02d.000Z", index, second),
                    "session": "s-\(user)", "user": user, "experiment": experiment, "variant": variant, "type": type,
                    "screen": screen.map { $0 as Any } ?? NSNull(), "action": NSNull(), "properties": properties,
                ]
                lines.append(try JSONSerialization.data(withJSONObject: object))
            }
            try event("exposure", 0)
            try event("screen_shown", 1, screen: screens[0])
            if index % 3 != 0 { try event("screen_shown", 2, screen: screens[1]) }
            try event("back", 3, screen: screens[0], properties: ["to": screens[1]])
            try event("mutation", 4, screen: screens[1], properties: ["outcome": "failed", "reason": reason])
            if index % 4 == 0 { try event("flow_completed", 5) }
        }
        return Data(lines.joined(separator: Data("\n".utf8))) + Data("\n".utf8)
    }

    private func cliWithHostileLog() throws -> CLI {
        let cli = try CLI()
        try Self.hostileLog().write(to: URL(fileURLWithPath: cli.path(Self.logName)))
        return cli
    }

    private func report(_ cli: CLI, format: String) throws -> String {
        let result = try cli.run(["report", Self.logName, "--format", format, "--out", "report.\(format)"])
        #expect(result.status == 0, "\(result.standardError)")
        return try #require(cli.contents(of: "report.\(format)"))
    }

    @Test("report --format html --out: no name becomes markup, in text, attributes or SVG")
    func html() throws {
        let html = try report(try cliWithHostileLog(), format: "html")
        #expect(!html.lowercased().contains("<script"))
        #expect(!html.contains("<img") && !html.contains("<i>") && !html.contains("<b>") && !html.contains("<!--"))
        #expect(html.contains("&lt;script&gt;alert(&quot;exp&quot;)&lt;/script&gt;"))
        #expect(html.contains("aria-label=\"Funnel of a&quot;b&#39;c&amp;d &lt;img src=x onerror=alert(1)&gt;\""))
        #expect(html.contains("&lt;i&gt;bad&lt;/i&gt;&quot;,&quot;=cmd|&#39; /C calc&#39;!A0"))
        #expect(html.contains("&lt;b&gt;&quot;x&#39;&amp;\u{FFFD}[2J.jsonl"), "the file name, too")
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && !["\t", "\n", "\r"].contains($0) })
    }

    @Test("report --format markdown --out: no HTML, no control characters, formatting punctuation escaped")
    func markdown() throws {
        let markdown = try report(try cliWithHostileLog(), format: "markdown")
        #expect(!markdown.contains("<"))
        #expect(!markdown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(markdown.contains(##"\]\]&gt;&lt;\!-- \| \* \_ \` \# \[x\](javascript:alert(1))"##))
    }

    @Test("report --format csv --out: hostile fields are quoted per RFC 4180, their control characters as U+FFFD")
    func csv() throws {
        let csv = try report(try cliWithHostileLog(), format: "csv")
        #expect(csv.contains(",\"\u{FFFD}[31mred\u{FFFD}[0m|pipe,comma\u{FFFD}line\u{FFFD}sep\u{FFFD}bidi\u{FFFD}nul\","))
        #expect(csv.contains("\"a\"\"b'c&d <img src=x onerror=alert(1)>\""))
        #expect(csv.hasSuffix("\r\n"))
    }

    @Test("report --format json --out: valid JSON holding every name exactly")
    func json() throws {
        let json = try report(try cliWithHostileLog(), format: "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["inputs"] as? [String] == [Self.logName])
        let experiment = try #require((object["experiments"] as? [[String: Any]])?.first)
        #expect(experiment["key"] as? String == Self.experiment)
        let arms = try #require(experiment["arms"] as? [[String: Any]])
        #expect(Set(arms.compactMap { $0["variant"] as? String }) == [Self.control, Self.treatment])
        let steps = arms.flatMap { ($0["steps"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String } }
        #expect(Set(steps) == Set(Self.screens))
        let screens = arms.flatMap { $0["screens"] as? [[String: Any]] ?? [] }
        let reasons = screens.flatMap { ($0["failures_by_reason"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String } }
        #expect(Set(reasons) == [Self.reason])
    }

    @Test("report to the terminal: no escape sequence, control character or bidi override from the log is printed")
    func table() throws {
        let cli = try cliWithHostileLog()
        for environment in [[:], ["NO_COLOR": "1"]] {
            let result = try cli.run(["report", Self.logName], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(!result.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(!result.standardOutput.unicodeScalars.contains { [0x2028, 0x2029, 0x202E].contains($0.value) })
            #expect(result.standardOutput.contains("?[31mred?[0m|pipe,comma?line?sep?bidi?nul"))
        }
    }

    @Test("run logs a hostile user id exactly, one event per line, and report reads it back")
    func hostileUserID() throws {
        let cli = try CLI()
        let user = "<script>alert('u')</script> \"quoted\" back\\slash \u{1B}[31m tab\tsep\u{2028}emoji 👩‍👩‍👧‍👦 e\u{301}"
        let result = try cli.run(["run", "--variant", "signup-before-profile", "--user", user, "--events", "events.jsonl"], input: Answers.beforeProfile)
        #expect(result.status == 0, "\(result.standardError)")
        let text = try #require(cli.contents(of: "events.jsonl"))
        let events = try #require(jsonLines(text))
        #expect(events.count == text.split(whereSeparator: \.isNewline).count, "no event spans two lines, by any definition of a line")
        #expect(events.allSatisfy { $0["user"] as? String == user })
        let compare = try cli.run(["compare", "events.jsonl", "events.jsonl", "--format", "json"])
        #expect(compare.status == 0, "\(compare.standardError)")
    }
}
