import Foundation
import Testing

/// `--config` accepts a GrowthBook SDK payload, recognised by its content.
@Suite("GrowthBook payload through --config")
struct GrowthBookPayloadConfigTests {
    static let payload = """
    {"features": {"onboarding": {"defaultValue": "control", "rules": [
       {"key": "onboarding-order", "variations": ["control", "profile-first"], "weights": [0, 1], "hashVersion": 2}]}},
     "switchyard": {"features": {"onboarding": {"slot": "auth-flow",
       "variants": {"control": "signup-before-profile", "profile-first": "signup-after-profile"}}},
       "slots": [{"id": "app-shell", "default": "phone"}]}}
    """

    @Test("assign, validate and simulate run from a payload; its problems are located by JSON path")
    func payloadConfig() throws {
        let cli = try CLI()
        try Self.payload.write(toFile: cli.path("payload.json"), atomically: true, encoding: .utf8)
        let assign = try cli.run(["assign", "--user", "u-1", "--config", "payload.json", "--json"])
        #expect(assign.status == 0, "\(assign.standardError)")
        let slots = assign.json?["slots"] as? [[String: Any]] ?? []
        #expect(slots.first { $0["slot"] as? String == "auth-flow" }?["variant"] as? String == "signup-after-profile")
        let validate = try cli.run(["validate", "--config", "payload.json"])
        #expect(validate.status == 0, "\(validate.standardError)")
        let simulate = try cli.run(["simulate", "--users", "20", "--config", "payload.json", "--behavior", Repository.behavior, "--events", "sim.jsonl"])
        #expect(simulate.status == 0, "\(simulate.standardError)")

        try Self.payload.replacingOccurrences(of: "\"profile-first\": \"signup-after-profile\"", with: "\"profile-first\": \"tablet\"")
            .write(toFile: cli.path("bad.json"), atomically: true, encoding: .utf8)
        let bad = try cli.run(["assign", "--user", "u-1", "--config", "bad.json"])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("bad.json: features.onboarding.rules[0].variations[1]: variant \"tablet\" fills slot \"app-shell\", not \"auth-flow\""))
    }
}
