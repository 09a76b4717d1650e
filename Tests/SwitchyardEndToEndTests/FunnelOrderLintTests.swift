import Foundation
import Testing

@Suite("validate and map name a funnel whose steps a variation can never log in their order")
struct FunnelOrderLintTests {
    /// The bundled onboarding config with "Reached home" counted before "Created account": every flow creates
    /// the account before it shows home.
    private func swappedConfig(in cli: CLI) throws -> String {
        let bundled = try String(contentsOfFile: Repository.experiments, encoding: .utf8)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bundled.utf8)) as? [String: Any])
        var experiments = try #require(document["experiments"] as? [[String: Any]])
        var funnel = try #require(experiments[0]["funnel"] as? [String: Any])
        var steps = try #require(funnel["steps"] as? [[String: Any]])
        #expect(steps.map { $0["name"] as? String } == ["Saw welcome", "Started onboarding", "Created account", "Reached home"])
        steps.swapAt(2, 3)
        funnel["steps"] = steps
        experiments[0]["funnel"] = funnel
        var swapped = document
        swapped["experiments"] = experiments
        let path = cli.path("swapped.json")
        try JSONSerialization.data(withJSONObject: swapped, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("validate fails on the variation that creates the account turns before home, naming both steps; the one whose last turn does both passes")
    func validate() throws {
        let cli = try CLI()
        let config = try swappedConfig(in: cli)
        let result = try cli.run(["validate", "--config", config])
        #expect(result.status == 1, "\(result.standardError)")
        // signup-before-profile creates the account on signup, then shows profile, then home; signup-after-profile
        // creates it on signup, its last screen, in the turn that shows home: one moment, so both steps count.
        let line = result.standardError
        #expect(line.hasPrefix("Error: onboarding [funnel-order] variant signup-before-profile "), "\(line)")
        #expect(!line.contains("variant signup-after-profile"), "\(line)")
        #expect(line.contains(#"counts step 4 "Created account" (mutation operation=create_account outcome=succeeded) after step 3 "Reached home""#))
        #expect(line.contains("(first after start → get_started → create_account[valid])"))
        #expect(line.contains("so a report counts no user of signup-before-profile at step 4 or any step after it"))
        #expect(line.contains("fix: make signup-before-profile's coordinator log step 4 after step 3"))
        #expect(line.split(separator: "\n").count == 1, "\(line)")
    }

    @Test("map lists the same lints in its JSON and exits 1; the bundled order passes")
    func map() throws {
        let cli = try CLI()
        let config = try swappedConfig(in: cli)
        let swapped = try cli.run(["map", "--app", "onboarding", "--config", config])
        #expect(swapped.status == 1)
        let lints = try #require(swapped.json?["lints"] as? [[String: Any]])
        #expect(lints.compactMap { $0["kind"] as? String } == ["funnel-order"], "\(lints)")
        #expect(lints.first?["variant"] as? String == "signup-before-profile", "\(lints)")
        let bundled = try cli.run(["map", "--app", "onboarding", "--config", Repository.experiments])
        #expect(bundled.status == 0, "\(bundled.standardError)")
    }
}
