import FlowEvents
import FlowReports
import Synchronization

/// Fuzzes `report` end to end over generated multi-file logs: the input is a program that writes events (and
/// raw junk lines) into three logs, the third gzip-compressed. The report is built as the `report` command
/// builds it (parallel read, events filtered on the decoding threads) and as the plainest path would (every
/// event read in order, every one consumed), each reading the logs' beginning again when events arrived out
/// of order; the two must be the same report, or the same error, and every format must render it.

public enum ReportFuzzHarness: FuzzHarness {
    public static let name = "report"

    public static func run(_ input: UnsafeBufferPointer<UInt8>) -> FuzzOutcome {
        var program = input[...]
        let selector = program.popFirst() ?? 0
        let options = ReportOptions(
            experiment: selector & 1 == 1 ? "e\(Int(selector >> 1) % 4)" : nil,
            control: selector & 8 == 8 ? "v\(Int(selector >> 4) % 3)" : nil,
            experiments: selector & 0x80 == 0x80 ? MetricPlans.everyKind : [:]
        )
        let logs = LogProgram.logs(from: &program)
        let files = FuzzFiles.shared
        let paths = [
            files.write(logs[0], to: "a.jsonl"), files.write(logs[1], to: "b.jsonl"),
            files.writeCompressed(logs[2], to: "c.jsonl.gz"),
        ]
        let asTheCommandDoes = ReportResult {
            try EventLogReport.report(of: paths, options: options, workers: 2)
        }
        let plainly = ReportResult {
            var accumulator = ExperimentLogAccumulator(options: options)
            let summary = try EventLogReport.readInOrder(paths, into: &accumulator)
            return try ReportBuilder.report(from: accumulator, inputs: paths, diagnostics: summary.isClean ? [] : [summary.description])
        }
        guard asTheCommandDoes.isSame(as: plainly) else {
            return .invariantViolated("the command's path gave \(asTheCommandDoes), the plain path \(plainly)")
        }
        switch asTheCommandDoes {
        case .report(let report):
            guard isFirstRendering(of: report) else { return .accepted("a report rendered before") }
            for format in ReportFormat.allCases where format != .json {
                _ = format.renderer(colors: true).render(report)
            }
            return .accepted("\(ReportFormat.json.renderer().render(report).utf8.count) bytes of JSON report")
        case .failed(let message):
            return .rejected(message)
        }
    }

    /// The hash values of the reports this process rendered lately. Rendering depends on nothing but the report, so
    /// rendering one equal to a report rendered before cannot find anything new, and rendering every format is the
    /// largest part of a run; a mutation that changes nothing a report shows (a junk line, an event no experiment
    /// counts) would otherwise pay for it again. Forgotten every 65,536 reports, to bound memory.
    private static let renderedReports = Mutex<Set<Int>>([])

    /// Whether `report` is rendered for the first time (as far as this process remembers), recording that it is.
    private static func isFirstRendering(of report: Report) -> Bool {
        renderedReports.withLock { rendered in
            if rendered.count >= 1 << 16 { rendered.removeAll(keepingCapacity: true) }
            return rendered.insert(report.hashValue).inserted
        }
    }
}

/// A report, or the error that prevented it.
enum ReportResult: CustomStringConvertible {
    case report(Report)
    case failed(String)

    init(_ build: () throws -> Report) {
        do {
            self = .report(try build())
        } catch {
            self = .failed("\(error)")
        }
    }

    /// Whether `other` is the same report, or the same error. Reports are compared as values and, when a
    /// statistic that is not a number makes them unequal as values, as their JSON.
    func isSame(as other: ReportResult) -> Bool {
        switch (self, other) {
        case (.report(let report), .report(let otherReport)):
            report == otherReport || Self.json(report) == Self.json(otherReport)
        case (.failed(let message), .failed(let otherMessage)):
            message == otherMessage
        default:
            false
        }
    }

    private static func json(_ report: Report) -> String {
        ReportFormat.json.renderer().render(report)
    }

    var description: String {
        switch self {
        case .report(let report): "a report of \(Self.json(report).utf8.count) bytes of JSON"
        case .failed(let message): "error: \(message)"
        }
    }
}

/// Turns fuzz bytes into three event logs: each operation appends one event, or one raw line, to one log.
enum LogProgram {
    static func logs(from program: inout Slice<UnsafeBufferPointer<UInt8>>) -> [[UInt8]] {
        var logs: [[UInt8]] = [[], [], []]
        var times: [Int64] = [1_795_338_000_000, 1_795_338_000_000, 1_795_338_000_000]
        func next() -> Int { Int(program.popFirst() ?? 0) }
        while let operation = program.popFirst() {
            let log = Int(operation >> 6) % 3
            if operation & 0x0F == 0x0F {
                // A raw line: whatever bytes follow, up to a length the operation does not otherwise use.
                let length = min(next(), program.count)
                logs[log].append(contentsOf: program.prefix(length))
                logs[log].append(UInt8(ascii: "\n"))
                program = program.dropFirst(length)
                continue
            }
            let user = "u\(next() % 16)"
            let detail = next()
            times[log] += Int64(next()) * 1000 - (operation & 0x30 == 0x30 ? 60_000 : 0)
            let screen = "s\(detail % 5)"
            var event = FlowEvent(
                time: EventTimestamp(millisecondsSince1970: times[log]), session: "s-\(user)", user: user, type: .screenShown
            )
            switch operation & 0x0F {
            case 0, 1:
                event.type = .exposure
                event.experiment = detail % 7 == 6 ? nil : "e\(detail % 4)"
                event.variant = "v\((detail >> 2) % 3)"
            case 2, 3, 4: event.screen = screen
            case 5:
                event.type = .action
                event.screen = screen
                event.action = "continue"
            case 6:
                event.type = .back
                event.screen = screen
                event.properties = ["to": "s\((detail >> 3) % 5)"]
            case 7:
                event.type = .mutation
                event.screen = detail & 1 == 0 ? screen : nil
                event.properties = detail & 2 == 0 ? ["outcome": "failed", "reason": "r\(detail % 3)"] : ["outcome": "failed"]
            case 8:
                event.type = .mutation
                event.screen = screen
                event.properties = ["outcome": "succeeded", "amount": MetricPlans.amounts[detail % MetricPlans.amounts.count]]
            case 9, 10: event.type = .flowCompleted
            case 11: event.type = .flowAbandoned
            case 12: event.type = .sessionStarted
            default:
                event.type = .assignment
                event.variant = "v\(detail % 3)"
                event.properties = ["slot": "e\(detail % 4)", "reason": "rule"]
            }
            logs[log].append(contentsOf: JSONLineEncoder.line(for: event).utf8)
        }
        return logs
    }
}

/// Experiments e0...e3 with metrics of every kind, over the events a log program writes: the amounts of succeeded
/// mutations summed (hostile numbers among them), capped at a pooled percentile, as ratios, quantiles and durations.
enum MetricPlans {
    /// The texts a succeeded mutation's `amount` holds: numbers, and what only looks like one.
    static let amounts = [
        "4599", "-12.5", "0", "1e3", "1E-400", "1e400", "-0", "NaN", "Infinity", "0x10", "", " 7", "007", "+1", "1.", ".5",
        String(repeating: "9", count: 400), "-" + String(repeating: "1", count: 400) + ".5", "12e", "1e+2",
    ]

    static let everyKind: [String: ExperimentAnalysisPlan] = {
        let succeeded = EventMatcher(type: .mutation, properties: ["outcome": "succeeded"])
        let definitions: [MetricDefinition] = [
            MetricDefinition(id: "revenue", name: "Revenue", kind: .mean(MetricValue(events: succeeded, property: "amount")),
                             direction: .higherIsBetter, cap: .percentile(0.9, ignoringZeros: true)),
            MetricDefinition(id: "orders", name: "Orders", kind: .mean(MetricValue(events: succeeded)), direction: .higherIsBetter,
                             windowMilliseconds: 30_000),
            MetricDefinition(id: "buyers", name: "Buyers", kind: .proportion(succeeded), direction: .higherIsBetter),
            MetricDefinition(id: "order-value", name: "Order value", kind: .ratio(numerator: "revenue", denominator: "orders"),
                             direction: .higherIsBetter),
            MetricDefinition(id: "to-screen", name: "To s1", kind: .duration(start: .event(.screenShown("s0")), end: .screenShown("s1")),
                             direction: .lowerIsBetter, cap: .absolute(20)),
            MetricDefinition(id: "to-screen-p90", name: "To s1, p90", kind: .quantile(of: "to-screen", level: 0.9), direction: .lowerIsBetter),
            MetricDefinition(id: "revenue-median", name: "Median revenue", kind: .quantile(of: "revenue", level: 0.5), direction: .higherIsBetter),
        ]
        let plan = ExperimentAnalysisPlan(
            guardrails: ["back_navigations", "buyers"],
            secondaryMetrics: ["revenue", "order-value", "to-screen", "to-screen-p90", "revenue-median", "time_to_complete"],
            metricDefinitions: Dictionary(uniqueKeysWithValues: definitions.map { ($0.id, $0) })
        )
        return Dictionary(uniqueKeysWithValues: (0..<4).map { ("e\($0)", plan) })
    }()
}
