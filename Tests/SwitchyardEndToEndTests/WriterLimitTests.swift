import Foundation
import Testing

/// What the reader refuses, validation and the writer refuse first; a behaviour model that never leaves a loop
/// still ends every session.
@Suite("Limits enforced before anything is written, end to end")
struct WriterLimitTests {
    @Test("a 5,000,000-character experiment key is refused by validate and by simulate, and no log is written")
    func hugeExperimentKey() throws {
        let cli = try CLI()
        let key = String(repeating: "k", count: 5_000_000)
        try """
            {"slots": [{"id": "app-shell", "default": "phone"}, {"id": "auth-flow", "default": "signup-before-profile"}],
             "experiments": [{"key": "\(key)", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"]}]}
            """.write(toFile: cli.path("experiments.json"), atomically: true, encoding: .utf8)
        let message = "experiments.json: experiments[0].key: 5000000 bytes long; at most 1024, as it is logged in events"
        let validate = try cli.run(["validate", "--app", "onboarding", "--config", "experiments.json"])
        #expect(validate.status == 1)
        #expect(validate.standardError == "Error: \(message)\n")
        let simulate = try cli.run(["simulate", "--app", "onboarding", "--users", "50", "--config", "experiments.json", "--behavior", Repository.behavior])
        #expect(simulate.status == 1)
        #expect(simulate.standardError.contains(message))
        #expect(!FileManager.default.fileExists(atPath: cli.path("simulation.jsonl")))
        #expect(!FileManager.default.fileExists(atPath: cli.path("simulation.jsonl.partial")))
    }

    @Test("run refuses a --user id longer than an event field before writing anything")
    func hugeUserID() throws {
        let cli = try CLI()
        let result = try cli.run(["run", "--user", String(repeating: "u", count: 2000), "--variant", "phone"], input: Answers.beforeProfile)
        #expect(result.status != 0)
        #expect(result.standardError.contains("--user: its id is 2000 bytes long, more than the 1024 an event field may hold"))
        #expect(cli.contents(of: "events.jsonl") == nil)
    }

    @Test("run refuses an attribute value longer than an event field before writing anything")
    func hugeAttributeValue() throws {
        let cli = try CLI()
        let result = try cli.run(
            ["run", "--user", "u1", "--attr", "id=" + String(repeating: "v", count: 5000), "--variant", "phone"],
            input: Answers.beforeProfile
        )
        #expect(result.status == 1)
        #expect(result.standardError == """
            Error: attribute id: its value is 5000 bytes long, more than the 1024 an event field may hold, as it may be logged in events

            """)
        #expect(cli.contents(of: "events.jsonl") == nil)
    }

    @Test("a behaviour model that goes back and forth for ever ends every session at the event limit, logged as the reason")
    func endlessModelStopsAtTheLimit() throws {
        let cli = try CLI()
        try #"{"screens": {"signup": {"actions": {"back": 1.0}}, "profile": {"actions": {"back": 1.0}}}}"#
            .write(toFile: cli.path("behavior.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(Repository.simulate(users: 40, events: "events.jsonl").map { $0 == Repository.behavior ? "behavior.json" : $0 })
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(
            "note: 40 sessions reached 500 events and were stopped (flow_abandoned with reason \"event_limit\")"
        ))
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        let bySession = Dictionary(grouping: events) { $0["session"] as? String ?? "" }
        #expect(bySession.count == 40)
        for (_, session) in bySession {
            #expect(session.count <= 510)
            #expect(session.last?["type"] as? String == "flow_abandoned")
            #expect((session.last?["properties"] as? [String: String])?["reason"] == "event_limit")
        }
    }

    @Test("a behaviour model failing a form for ever ends every session at the event limit")
    func endlessValidationFailureStops() throws {
        let cli = try CLI()
        try #"{"screens": {"signup": {"actions": {"failValidation": 1.0}}}}"#
            .write(toFile: cli.path("behavior.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(Repository.simulate(users: 20, events: "events.jsonl").map { $0 == Repository.behavior ? "behavior.json" : $0 })
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("note: 20 sessions reached 500 events and were stopped"))
    }
}
