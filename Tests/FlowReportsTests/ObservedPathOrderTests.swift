import FlowEvents
@testable import FlowReports
import SeededRandom
import Testing

/// Observed paths past their cap are the same in any line order: whether a user's path is kept depends on that
/// path's length alone, never on which users' lines came first.
@Suite("Observed paths beyond the cap: the same report in any line order, split across files or devices")
struct ObservedPathOrderTests {
    static let cap = 4
    static let funnel = FunnelDefinition(steps: [], conversionWindowSeconds: 600, goal: EventMatcher(type: .flowCompleted))
    static let screens = ["welcome", "signup", "profile", "home", "settings", "Zebra", "émoji"]

    /// 400 users on two devices (`phone` and `tablet` sessions, interleaved), wandering among a few screens for 1 to
    /// `cap + 4` steps: screens that share a millisecond, a screen shown again right after itself, screens after the
    /// window, users exposed to both variants, goals reached and not.
    static var log: [FlowEvent] {
        var random = SplitMix64(seed: 2024)
        var events: [FlowEvent] = []
        func add(_ type: EventType, _ user: String, _ milliseconds: Int64, device: String, screen: String? = nil, variant: String? = nil) {
            events.append(FlowEvent(
                time: EventTimestamp(millisecondsSince1970: EventScript.origin + milliseconds), session: "\(device)-\(user)", user: user,
                experiment: type == .exposure ? "onboarding" : nil, variant: variant, type: type, screen: screen
            ))
        }
        for index in 0..<400 {
            let user = "u\(index)"
            let variant = random.next(below: 2) == 0 ? "A" : "B"
            var time = Int64(random.next(below: 3_600_000))
            add(.exposure, user, time, device: "phone", variant: variant)
            if random.next(below: 15) == 0 {
                add(.exposure, user, time + 3, device: "tablet", variant: variant == "A" ? "B" : "A")
            }
            for _ in 0..<(1 + random.next(below: cap + 4)) {
                // One step in three shares the previous step's millisecond.
                if random.next(below: 3) != 0 { time += Int64(1 + random.next(below: 20_000)) }
                add(.screenShown, user, time, device: random.next(below: 2) == 0 ? "phone" : "tablet",
                    screen: screens[random.next(below: screens.count)])
            }
            if random.next(below: 3) == 0 {
                add(.flowCompleted, user, time, device: "phone")
            }
            if random.next(below: 8) == 0 {
                add(.screenShown, user, time + 700_000, device: "tablet", screen: "late")
            }
        }
        return events
    }

    static var options: ReportOptions {
        var options = ReportOptions(experiments: ["onboarding": ExperimentAnalysisPlan(variations: ["A", "B"], funnel: funnel)], topPaths: 1_000)
        options.pathLengthLimit = cap
        return options
    }

    static func report(_ files: [[FlowEvent]]) throws -> Report {
        var accumulator = ExperimentLogAccumulator(options: options)
        for file in files {
            accumulator.consume(contentsOf: file)
        }
        if let length = accumulator.rereadLength {
            let wantsMore = accumulator.reread(Array(files.flatMap { $0 }.prefix(length)))
            #expect(!wantsMore)
        }
        var report = try ReportBuilder.report(from: accumulator, inputs: ["events.jsonl"])
        report.diagnostics.removeAll { $0.contains("arrived out of time order") }
        return report
    }

    /// The report in every format.
    static func rendered(_ report: Report) -> [String: String] {
        [
            "json": JSONRenderer().render(report), "table": TableRenderer(colors: false).render(report),
            "markdown": MarkdownRenderer().render(report), "html": HTMLRenderer().render(report), "csv": CSVRenderer().render(report),
        ]
    }

    static var orders: [String: [[FlowEvent]]] {
        var random = SplitMix64(seed: 5)
        var shuffled = log
        for index in shuffled.indices.reversed() where index > 0 {
            shuffled.swapAt(index, random.next(below: index + 1))
        }
        let interleaved = (0..<3).map { file in log.indices.filter { $0 % 3 == file }.map { log[$0] } }
        let byDevice = ["tablet", "phone"].map { device in log.filter { $0.session.hasPrefix(device) } }
        return [
            "shuffled": [shuffled], "reversed": [log.reversed()], "split into 3 interleaved files": interleaved,
            "split by device, the tablet's file first": byDevice,
        ]
    }

    /// Users per arm whose path, by the rules of docs/Statistics.md, has more screens than the cap: the screens
    /// shown in the window by time, then name, a screen right after itself counted once. Multi-variant users are left out.
    static func usersBeyondCap() -> [String: Int] {
        var exposures: [String: [FlowEvent]] = [:]
        var shown: [String: [FlowEvent]] = [:]
        for event in log {
            if event.type == .exposure { exposures[event.user, default: []].append(event) }
            if event.type == .screenShown { shown[event.user, default: []].append(event) }
        }
        var beyond: [String: Int] = [:]
        for (user, userExposures) in exposures where Set(userExposures.compactMap(\.variant)).count == 1 {
            let anchor = userExposures.map(\.time.millisecondsSince1970).min() ?? 0
            let screens = (shown[user] ?? [])
                .filter { $0.time.millisecondsSince1970 >= anchor && $0.time.millisecondsSince1970 <= anchor + 600_000 }
                .sorted { lhs, rhs in
                    lhs.time != rhs.time
                        ? lhs.time.millisecondsSince1970 < rhs.time.millisecondsSince1970
                        : (lhs.screen ?? "").utf8.lexicographicallyPrecedes((rhs.screen ?? "").utf8)
                }
                .compactMap(\.screen)
            let length = zip([nil] + screens.map(Optional.some), screens).filter { $0.0 != $0.1 }.count
            if length > cap { beyond[userExposures[0].variant ?? "", default: 0] += 1 }
        }
        return beyond
    }

    @Test("forward, reversed, shuffled, and split across files or devices, every format is identical past the cap",
          arguments: ["shuffled", "reversed", "split into 3 interleaved files", "split by device, the tablet's file first"])
    func identical(order: String) throws {
        let forward = try Self.report([Self.log])
        let reordered = try Self.report(try #require(Self.orders[order]))
        let expected = Self.rendered(forward)
        let observed = Self.rendered(reordered)
        for format in expected.keys.sorted() {
            #expect(observed[format] == expected[format], "\(format)")
        }
        let arms = try #require(forward.experiments.first).arms
        #expect(arms.map { $0.paths?.usersBeyondCap ?? -1 } == arms.map { Self.usersBeyondCap()[$0.variant] ?? 0 })
        #expect(arms.allSatisfy { ($0.paths?.usersBeyondCap ?? 0) > 0 && ($0.paths?.distinctPaths ?? 0) > 10 },
                "each arm has users beyond the cap and many kept paths")
        #expect(expected["table"]?.contains("on paths longer than the cap of 4 screens") == true)
    }

    @Test("a kept path has at most the cap's screens, and users beyond it still count where they left")
    func keptPaths() throws {
        let report = try Self.report([Self.log])
        for arm in try #require(report.experiments.first).arms {
            let paths = try #require(arm.paths)
            #expect(paths.top.allSatisfy { $0.screens.count <= Self.cap })
            #expect(paths.top.map(\.users).reduce(0, +) + paths.usersBeyondCap == arm.users)
            #expect(paths.leftOn.map(\.users).reduce(0, +) == arm.users - arm.goalConversions)
        }
    }
}
