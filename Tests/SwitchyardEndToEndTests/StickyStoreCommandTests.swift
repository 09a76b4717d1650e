import Foundation
import Synchronization
import Testing

/// `--sticky-store`: users keep their variant across runs of `assign`, `run` and `simulate`.
@Suite("Sticky store option")
struct StickyStoreCommandTests {
    /// A config whose only experiment sends `weights` of the users to each auth flow.
    static func config(weights: [Double]) -> String {
        """
        {"slots": [{"id": "app-shell", "default": "phone"}, {"id": "auth-flow", "default": "signup-before-profile"}],
         "experiments": [{"key": "onboarding-order", "slot": "auth-flow",
           "variations": ["signup-before-profile", "signup-after-profile"], "weights": \(weights)}]}
        """
    }

    static func authFlow(_ result: CLI.Result) -> (variant: String?, sticky: Bool) {
        let slots = result.json?["slots"] as? [[String: Any]] ?? []
        let slot = slots.first { $0["slot"] as? String == "auth-flow" }
        return (slot?["variant"] as? String, slot?["stickyBucketUsed"] as? Bool ?? false)
    }

    @Test("assign keeps a user's variant after the weights change, and says a sticky bucket decided")
    func assignKeepsVariant() throws {
        let cli = try CLI()
        try Self.config(weights: [0, 1]).write(toFile: cli.path("before.json"), atomically: true, encoding: .utf8)
        try Self.config(weights: [1, 0]).write(toFile: cli.path("after.json"), atomically: true, encoding: .utf8)
        let first = try cli.run(["assign", "--app", "onboarding", "--user", "u-1", "--config", "before.json", "--sticky-store", "sticky.json", "--json"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(Self.authFlow(first) == ("signup-after-profile", false))
        let second = try cli.run(["assign", "--app", "onboarding", "--user", "u-1", "--config", "after.json", "--sticky-store", "sticky.json", "--json"])
        #expect(Self.authFlow(second) == ("signup-after-profile", true))
        let withoutStore = try cli.run(["assign", "--app", "onboarding", "--user", "u-1", "--config", "after.json", "--json"])
        #expect(Self.authFlow(withoutStore) == ("signup-before-profile", false))
        let table = try cli.run(["assign", "--app", "onboarding", "--user", "u-1", "--config", "after.json", "--sticky-store", "sticky.json"])
        #expect(table.standardOutput.contains("1: signup-after-profile (sticky bucket)"))
    }

    @Test("processes assigning at the same time through one store lose none of each other's assignments")
    func concurrentProcesses() throws {
        let cli = try CLI()
        try Self.config(weights: [0.5, 0.5]).write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        let users = (0..<8).map { "user-\($0)" }
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: users.count) { index in
            let result = try? cli.run(["assign", "--app", "onboarding", "--user", users[index], "--config", "config.json", "--sticky-store", "sticky.json", "--json"])
            statuses.withLock { $0.append(result?.status ?? -1) }
        }
        #expect(statuses.withLock { $0 } == Array(repeating: 0, count: users.count))
        let stored = try #require(cli.contents(of: "sticky.json"))
        for user in users {
            #expect(stored.contains("\"id||\(user)\""), "\(user)")
        }
    }

    @Test("run logs an exposure saying a sticky bucket decided, and simulate records every exposed user")
    func runAndSimulate() throws {
        let cli = try CLI()
        try Self.config(weights: [0, 1]).write(toFile: cli.path("before.json"), atomically: true, encoding: .utf8)
        try Self.config(weights: [1, 0]).write(toFile: cli.path("after.json"), atomically: true, encoding: .utf8)
        _ = try cli.run(["assign", "--app", "onboarding", "--user", "u-1", "--config", "before.json", "--sticky-store", "sticky.json"])
        let run = try cli.run(["run", "--app", "onboarding", "--user", "u-1", "--config", "after.json", "--sticky-store", "sticky.json", "--events", "run.jsonl"], input: "q\n")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("auth-flow=signup-after-profile (experiment onboarding-order, sticky bucket)"))
        let exposure = try #require(cli.contents(of: "run.jsonl")?.split(separator: "\n").first { $0.contains(#""type":"exposure""#) })
        #expect(exposure.contains(#""sticky_bucket":"true""#))

        let simulate = try cli.run([
            "simulate", "--app", "onboarding", "--users", "50", "--config", "before.json", "--behavior", Repository.behavior,
            "--events", "sim.jsonl", "--sticky-store", "sim-sticky.json",
        ])
        #expect(simulate.status == 0, "\(simulate.standardError)")
        let stored = try #require(cli.contents(of: "sim-sticky.json"))
        #expect(stored.components(separatedBy: "\"onboarding-order__0\":\"1\"").count - 1 == 50)
    }

    @Test("a corrupt sticky store stops the command with its location and is left untouched")
    func corruptStore() throws {
        let cli = try CLI()
        try "{\"version\": 1, \"documents\": [".write(toFile: cli.path("sticky.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["assign", "--config", Repository.experiments, "--user", "u-1", "--sticky-store", "sticky.json"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--sticky-store sticky.json: line 1, column 30: malformed JSON"))
        #expect(cli.contents(of: "sticky.json") == "{\"version\": 1, \"documents\": [")
    }
}
