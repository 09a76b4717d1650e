import FlowEvents
@testable import FlowReports
import Foundation
import Testing

/// The report's comparison of path shares on a log whose paths are counted by hand.
@Suite("The report compares how common each kept path and screen left on is between treatment and control")
struct PathShareReportTests {
    /// A: 60 users welcome > signup and complete, 40 see welcome and leave. B: 50 welcome > profile and complete,
    /// 20 welcome > signup and complete, 30 see welcome and leave.
    static func log() -> [FlowEvent] {
        var script = EventScript()
        let groups: [(variant: String, screens: [String], completes: Bool, users: Int)] = [
            ("A", ["welcome", "signup"], true, 60), ("A", ["welcome"], false, 40),
            ("B", ["welcome", "profile"], true, 50), ("B", ["welcome", "signup"], true, 20), ("B", ["welcome"], false, 30),
        ]
        var number = 0
        for group in groups {
            for _ in 0..<group.users {
                number += 1
                let user = "\(group.variant)-\(number)"
                script.expose(user, to: group.variant, at: 0)
                for (offset, screen) in group.screens.enumerated() { script.show(screen, to: user, at: Double(offset + 1)) }
                if group.completes { script.add(.flowCompleted, user: user, at: 10) }
            }
        }
        return script.events
    }

    static func report(topPaths: Int) throws -> Report {
        var options = StepDecompositionReportTests.options
        options.topPaths = topPaths
        return try ReportBuilder.report(events: log(), options: options, inputs: ["events.jsonl"])
    }

    @Test("a path kept by one arm only is counted completely in the other, and the differences are ShareDifference's, biggest first")
    func sharesOfKeptPaths() throws {
        let shares = try #require(try Self.report(topPaths: 1).experiments.first?.pathShares.first)
        #expect(shares.variant == "B" && shares.control == "A" && shares.correction == .holm)
        // Kept: A's top path, B's top path, and each arm's top screen left on (welcome for both).
        #expect(shares.shares.count == 3)
        let signup = try #require(shares.shares.first { $0.kind == .path && $0.screens == ["welcome", "signup"] })
        #expect(signup.treatmentUsers == 20 && signup.controlUsers == 60 && signup.reachedGoal == true)
        let expected = ShareDifference.compare(
            treatment: ShareCounts(users: 100, counts: ["signup": 20, "profile": 50, "left welcome": 30]),
            control: ShareCounts(users: 100, counts: ["signup": 60, "profile": 0, "left welcome": 40]),
            alpha: 0.05, correction: .holm
        )
        #expect(shares.shares.map(\.difference) == expected.map(\.difference))
        #expect(shares.shares.map(\.adjustedPValue) == expected.map(\.adjustedPValue))
        #expect(shares.shares.map(\.adjustedInterval) == expected.map(\.adjustedInterval))
        #expect(shares.shares.first?.screens == ["welcome", "profile"], "the biggest difference, +50 pp, first")
        let leftOn = try #require(shares.shares.first { $0.kind == .leftOn })
        #expect(leftOn.screens == ["welcome"] && leftOn.treatmentUsers == 30 && leftOn.controlUsers == 40 && leftOn.reachedGoal == nil)
        #expect(signup.isFound && !leftOn.isFound)
    }

    @Test("every format shows the path shares; without counted paths there are none")
    func everyFormat() throws {
        let report = try Self.report(topPaths: 5)
        #expect(TableRenderer(colors: false).render(report).contains("welcome > profile (goal)"))
        #expect(MarkdownRenderer().render(report).contains("### Path shares"))
        #expect(HTMLRenderer().render(report).contains("<h3>Path shares</h3>"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(JSONRenderer().render(report).utf8)) as? [String: Any])
        let experiment = try #require((json["experiments"] as? [[String: Any]])?.first)
        let first = try #require(((experiment["path_shares"] as? [[String: Any]])?.first?["shares"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "path" && first["treatment_users"] as? Int == 50)
        #expect(CSVRenderer().render(report).contains("path,welcome > profile,true,0.5,0.0,0.5,"))
        #expect(try Self.report(topPaths: 0).experiments.first?.pathShares.isEmpty == true)
    }
}
