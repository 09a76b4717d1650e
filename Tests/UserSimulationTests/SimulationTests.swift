import Experiments
import FlowEvents
import Foundation
import SampleApps
import Testing
import UserSimulation
import VariantHost
import VariantKit

@Suite("Simulation")
struct SimulationTests {
    private func bundledRegistry() throws -> VariantRegistry {
        try VariantRegistry.registries(of: RegisteredApps.all).registry(forApp: "onboarding")
    }

    private func behavior() throws -> BehaviorModel {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Configuration/onboarding/behavior.json").standardized.path
        return try BehaviorModelLoader.load(contentsOf: path)
    }

    /// Alternates the auth flow by user index, with the default app shell.
    private static func alternating(_ user: SyntheticUser) -> [SlotAssignment] {
        [
            SlotAssignment(slot: "app-shell", variant: user.attributes["deviceClass"] == .string("tablet") ? "tablet" : "phone", reason: .rule(index: 0)),
            SlotAssignment(slot: "auth-flow", variant: user.index % 2 == 0 ? "signup-before-profile" : "signup-after-profile", reason: .forced),
        ]
    }

    private func simulate(users: Int, seed: UInt64, jobs: Int) async throws -> (String, SimulationProgress) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sim-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try JSONLinesFileSink(path: path)
        let summary = try await Simulation(users: users, seed: seed, jobs: jobs)
            .run(registry: bundledRegistry(), behavior: behavior(), assign: Self.alternating, log: log)
        try log.flush()
        return (try String(contentsOfFile: path, encoding: .utf8), summary)
    }

    @Test("the same seed gives a byte-identical log whatever the number of jobs")
    func reproducible() async throws {
        let (one, summary) = try await simulate(users: 700, seed: 42, jobs: 1)
        let (four, _) = try await simulate(users: 700, seed: 42, jobs: 4)
        let (other, _) = try await simulate(users: 700, seed: 43, jobs: 4)
        #expect(one == four)
        #expect(one != other)
        #expect(summary.usersDone == 700)
        #expect(summary.completed + summary.abandoned == 700)
        #expect(one.split(separator: "\n").count == summary.events)
    }

    @Test("every screen a simulated session shows is one the app lists in its screen names, and every listed one is shown")
    func screenNamesCoverTheScreensShown() async throws {
        let (text, _) = try await simulate(users: 400, seed: 11, jobs: 2)
        var shown: Set<String> = []
        for line in text.split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if event["type"] as? String == "screen_shown", let screen = event["screen"] as? String { shown.insert(screen) }
        }
        #expect(shown == Set(try bundledRegistry().app.screenNames))
    }

    @Test("every session starts, and ends completed or abandoned, with timestamps in order")
    func sessionsAreWhole() async throws {
        let (text, summary) = try await simulate(users: 300, seed: 7, jobs: 2)
        let events = text.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let bySession = Dictionary(grouping: events) { $0["session"] as! String }
        #expect(bySession.count == 300)
        for (_, sessionEvents) in bySession {
            #expect(sessionEvents.first?["type"] as? String == "session_started")
            let last = sessionEvents.last?["type"] as? String
            #expect(last == "flow_completed" || last == "flow_abandoned")
            let times = sessionEvents.map { $0["time"] as! String }
            #expect(times == times.sorted())
        }
        let completed = events.filter { $0["type"] as? String == "flow_completed" }.count
        #expect(completed == summary.completed)
        #expect(completed > 100 && completed < 300, "the model's abandon rates leave some sessions incomplete")
    }
}
