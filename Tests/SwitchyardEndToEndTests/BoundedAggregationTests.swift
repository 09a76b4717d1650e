#if os(Linux)
import Foundation
import Testing

/// Logs built to make a report's aggregation grow faster than its input: values chosen so that a structure sized
/// by a value (the largest sequence number), searched linearly (a user's sessions), or listing every distinct
/// value (segments, failure reasons, screens) shows. Each is reported at two sizes, the second four times the first;
/// memory and CPU time may grow about fourfold, not sixteenfold, and a report listing values stays the same size.
@Suite("Bounded by design: memory and time grow with the log, not with its values", .serialized)
struct BoundedAggregationTests {
    enum HostileLog: String, CaseIterable, CustomStringConvertible {
        /// Exposed users of one session each, numbered 0 and then `64 n`: sparse, the largest number growing with
        /// the log (a bitmap up to the largest number costs n² bits).
        case sparseSequence = "sparse seq numbers"
        /// Sessions of users never exposed, numbered 0 and 1,048,575 (a bitmap costs 128 KiB a session).
        case unexposedSparseSequence = "sparse seq numbers, users never exposed"
        /// One user, `anonymous`, of n sessions (a linear search of a user's sessions costs n² comparisons).
        case oneUserManySessions = "one user of many sessions"
        /// Users each with a segment value of their own (`--segment-by seg`).
        case distinctSegments = "distinct segment values"
        /// Users each failing a mutation on one screen with a reason of their own.
        case distinctFailureReasons = "distinct failure reasons"
        /// Users each shown, leaving and failing on a screen of their own.
        case distinctScreens = "distinct screen names"

        var description: String { rawValue }

        /// The smaller size; the larger is four times it. Sized for a debug build to report each in a second or so.
        var size: Int {
            switch self {
            case .sparseSequence, .unexposedSparseSequence: 2_000
            case .oneUserManySessions: 4_000
            case .distinctSegments, .distinctFailureReasons: 1_000
            // Past every cap on screens at both sizes: 1,000 per arm listed as left on (`ObservedPathsReport`).
            case .distinctScreens: 2_000
            }
        }

        var arguments: [String] {
            self == .distinctSegments ? ["--segment-by", "seg"] : []
        }

        /// Whether the report lists the log's distinct values, up to a cap: its size must not follow the log's.
        var listsValues: Bool {
            [.distinctSegments, .distinctFailureReasons, .distinctScreens].contains(self)
        }

        /// The log of `n` (users, sessions or values).
        func log(_ n: Int) -> Data {
            var text = ""
            var millisecond = 0
            func event(
                user: String, session: String, seq: Int, type: String, exposed: Bool = true, variant: String = "control",
                screen: String? = nil, properties: String = "{}"
            ) {
                millisecond += 1
                let time = String(format: "2026-11-22T%02d:%02d:%02d.%03dZ", 9 + millisecond / 3_600_000,
                                  millisecond / 60_000 % 60, millisecond / 1000 % 60, millisecond % 1000)
                let experiment = exposed ? #""experiment":"e","variant":"\#(variant)","# : ""
                let screenField = screen.map { #""\#($0)""# } ?? "null"
                text += #"{"schema":1,"time":"\#(time)","session":"\#(session)","seq":\#(seq),"user":"\#(user)",\#(experiment)"#
                    + #""type":"\#(type)","screen":\#(screenField),"action":null,"properties":\#(properties)}"# + "\n"
            }
            for index in 0..<n {
                let (user, session) = ("u\(index)", "s\(index)")
                let variant = index.isMultiple(of: 2) ? "control" : "treatment"
                switch self {
                case .sparseSequence:
                    event(user: user, session: session, seq: 0, type: "exposure", variant: variant)
                    event(user: user, session: session, seq: 64 * n, type: "screen_shown", variant: variant, screen: "home")
                case .unexposedSparseSequence:
                    event(user: user, session: session, seq: 0, type: "session_started", exposed: false)
                    event(user: user, session: session, seq: 1_048_575, type: "screen_shown", exposed: false, screen: "home")
                case .oneUserManySessions:
                    if index == 0 { event(user: "anonymous", session: session, seq: 0, type: "exposure") }
                    event(user: "anonymous", session: session, seq: 1, type: "screen_shown", screen: "home")
                case .distinctSegments:
                    event(user: user, session: session, seq: 0, type: "exposure", variant: variant)
                    event(user: user, session: session, seq: 1, type: "session_started", variant: variant,
                          properties: #"{"seg":"value-\#(index)"}"#)
                case .distinctFailureReasons:
                    event(user: user, session: session, seq: 0, type: "exposure", variant: variant)
                    event(user: user, session: session, seq: 1, type: "mutation", variant: variant, screen: "pay",
                          properties: #"{"outcome":"failed","reason":"reason-\#(index)"}"#)
                case .distinctScreens:
                    event(user: user, session: session, seq: 0, type: "exposure", variant: variant)
                    event(user: user, session: session, seq: 1, type: "screen_shown", variant: variant, screen: "screen-\(index)")
                    event(user: user, session: session, seq: 2, type: "back", variant: variant, screen: "screen-\(index)")
                    event(user: user, session: session, seq: 3, type: "mutation", variant: variant, screen: "screen-\(index)",
                          properties: #"{"outcome":"failed","reason":"declined"}"#)
                }
            }
            return Data(text.utf8)
        }
    }

    /// A report of `log` at `n`: the run and the size of the JSON report it wrote.
    private func report(_ log: HostileLog, _ n: Int, in cli: CLI) throws -> (run: MeasuredRun, logBytes: Int, jsonBytes: Int) {
        let data = log.log(n)
        try data.write(to: URL(fileURLWithPath: cli.path("log-\(n).jsonl")))
        let run = try MeasuredRun.switchyard(
            ["report", cli.path("log-\(n).jsonl"), "--format", "json", "--out", cli.path("report-\(n).json")] + log.arguments,
            errorFile: cli.path("stderr-\(n)")
        )
        let json = (try? FileManager.default.attributesOfItem(atPath: cli.path("report-\(n).json"))[.size] as? Int) ?? 0
        return (run, data.count, json)
    }

    @Test("Four times the log costs about four times the memory and time, and a listing report no more bytes", arguments: HostileLog.allCases)
    func growsLinearly(log: HostileLog) throws {
        let cli = try CLI()
        let baseline = try report(log, 1, in: cli)
        let small = try report(log, log.size, in: cli)
        let large = try report(log, 4 * log.size, in: cli)
        for run in [baseline.run, small.run, large.run] {
            #expect(run.status == 0 && !run.standardError.contains("skipped"), "\(run.standardError)")
        }
        // Memory above what a one-user log costs. Floors of 8 MiB and 0.1 s keep noise from making ratios: the peak
        // of one log varies by several MiB between runs (reading buffers), and CPU time by tens of milliseconds.
        let smallMiB = max(small.run.peakMiB - baseline.run.peakMiB, 8)
        let largeMiB = large.run.peakMiB - baseline.run.peakMiB
        let memoryRatio = largeMiB / smallMiB
        let timeRatio = large.run.cpuSeconds / max(small.run.cpuSeconds, 0.1)
        let logMiB = Double(large.logBytes) / 1_048_576
        print("""
            BoundedAggregation \(log): log \(small.logBytes) → \(large.logBytes) bytes; memory above baseline \
            \(String(format: "%.1f → %.1f MiB (ratio %.2f)", smallMiB, largeMiB, memoryRatio)); CPU \
            \(String(format: "%.2f → %.2f s (ratio %.2f)", small.run.cpuSeconds, large.run.cpuSeconds, timeRatio)); \
            JSON \(small.jsonBytes) → \(large.jsonBytes) bytes
            """)
        #expect(memoryRatio <= 6, "memory grows faster than the log")
        #expect(largeMiB <= 32 * logMiB + 8, "memory is more than 32 bytes a byte of log")
        #expect(timeRatio <= 6, "CPU time grows faster than the log")
        if log.listsValues {
            #expect(Double(large.jsonBytes) <= 1.5 * Double(small.jsonBytes), "the report lists every distinct value")
        }
    }
}
#endif
