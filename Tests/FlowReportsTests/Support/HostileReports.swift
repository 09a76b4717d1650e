import FlowEvents
import FlowReports
import Testing

/// Reports built, through the real aggregation, from logs whose experiment, variant, screen, reason and file
/// names are hostile to HTML, Markdown, CSV, JSON and terminals.
enum HostileReports {
    static let experiment = #"<script>alert("exp")</script>"#
    static let control = #"a"b'c&d <img src=x onerror=alert(1)>"#
    static let treatment = "\u{1B}[31mred\u{1B}[0m|pipe,comma\nline\rcr\u{0}nul\u{2028}sep\u{202E}bidi\u{202C}"
    static let screens = [
        "</text><script>alert(1)</script>",
        "]]><!-- | * _ ` # [x](javascript:alert(1)) -->",
        "tab\there \u{85}nel \u{9B}31m csi \u{7}bell",
        String(repeating: "long<&>", count: 15_000),
    ]
    static let reason = #"<i>bad</i>","=cmd|' /C calc'!A0"#
    static let inputs = [#"logs/<b>x"y'z&w</b>.jsonl"#, "logs/\u{1B}]0;owned\u{7}\nsecond.jsonl"]

    /// The two reports, as test arguments.
    enum Kind: CaseIterable, CustomTestStringConvertible {
        case report
        case comparison

        var report: Report {
            switch self {
            case .report: HostileReports.report
            case .comparison: HostileReports.comparison
            }
        }

        var testDescription: String { "\(self)" }
    }

    /// A `report`: one experiment, two arms, every screen a funnel step, a back and a failure on screens.
    static let report: Report = {
        var events: [FlowEvent] = []
        for index in 0..<40 {
            let user = "u\(index)<\u{1B}>"
            let variant = index.isMultiple(of: 2) ? control : treatment
            let start = Int64(index) * 100_000
            func add(_ type: EventType, _ second: Int64, screen: String? = nil, properties: [String: String] = [:]) {
                events.append(FlowEvent(
                    time: EventTimestamp(millisecondsSince1970: 1_795_339_800_000 + start + second * 1000),
                    session: "s-\(user)", user: user, experiment: experiment, variant: variant, type: type,
                    screen: screen, properties: properties
                ))
            }
            add(.exposure, 0)
            for (step, screen) in screens.enumerated() where step <= index % 5 {
                add(.screenShown, Int64(step + 1), screen: screen)
            }
            add(.back, 10, screen: screens[0], properties: ["to": screens[1]])
            add(.mutation, 11, screen: screens[1], properties: ["outcome": "failed", "reason": reason])
            if index % 3 == 0 { add(.flowCompleted, 12) }
        }
        return try! ReportBuilder.report(events: events, options: ReportOptions(), inputs: inputs, diagnostics: [reason])
    }()

    /// A `compare` of two logs with hostile file names, arms named by hostile assigned variants.
    static let comparison: Report = {
        let options = CompareOptions()
        let logs = zip(inputs, [control, treatment]).map { label, variant in
            var accumulator = ArmLogAccumulator(options: options)
            for index in 0..<20 {
                let time = EventTimestamp(millisecondsSince1970: 1_795_339_800_000 + Int64(index) * 100_000)
                let user = "\(variant)-\(index)"
                accumulator.consume(contentsOf: [
                    FlowEvent(time: time, session: user, user: user, variant: variant, type: .sessionStarted),
                    FlowEvent(time: time, session: user, user: user, variant: variant, type: .assignment,
                              properties: ["slot": "auth", "reason": "forced"]),
                    FlowEvent(time: time, session: user, user: user, variant: variant, type: .screenShown, screen: screens[index % 2]),
                ])
            }
            return ComparedLog(label: label, accumulator: accumulator)
        }
        return try! ReportBuilder.compare(logs, options: options)
    }()
}
