import Foundation
import SampleApps
import Testing
import VariantKit

@Suite("switchyard simulate --variant: every user gets the variants named, the config assigns the rest")
struct SimulateVariantTests {
    /// Every registered variant, as `app/variant`.
    static let variants = RegisteredApps.all.flatMap { registered in registered.variants.map { "\(registered.app.name)/\($0.id)" } }

    /// Where every registered app's `Configuration/<app>/` is.
    private let configuration = ["SWITCHYARD_CONFIGURATION": Repository.root.appendingPathComponent("Configuration").path]

    @Test("each registered variant named by --variant is what every simulated user runs in its slot, logged as forced",
          arguments: variants)
    func everyVariant(appAndVariant: String) throws {
        let parts = appAndVariant.split(separator: "/").map(String.init)
        let (app, variant) = (parts[0], parts[1])
        let registered = try #require(RegisteredApps.all.app(named: app))
        let slot = try #require(registered.variants.first { $0.id == variant }).slot
        let cli = try CLI()
        let result = try cli.run(
            ["simulate", "--app", app, "--users", "300", "--variant", variant, "--events", "log.jsonl"], environment: configuration
        )
        #expect(result.status == 0, "\(result.standardError)")
        let log = try #require(cli.contents(of: "log.jsonl"))
        let events = try #require(jsonLines(log))
        let assignments = events.filter { $0["type"] as? String == "assignment" && ($0["properties"] as? [String: Any])?["slot"] as? String == slot }
        let sessions = Set(events.compactMap { $0["session"] as? String })
        #expect(sessions.count == 300)
        #expect(assignments.count == sessions.count, "one forced assignment of \(slot) per session")
        for assignment in assignments {
            #expect(assignment["variant"] as? String == variant)
            #expect((assignment["properties"] as? [String: Any])?["reason"] as? String == "forced")
        }
        let otherVariants = Set(registered.variants.filter { $0.slot == slot && $0.id != variant }.map { $0.id })
        #expect(!events.contains { ($0["variant"] as? String).map(otherVariants.contains) ?? false }, "no event of another variant of \(slot)")
    }

    @Test("the same seed writes the same log with --variant, whatever --jobs is")
    func reproducible() throws {
        let registered = try #require(RegisteredApps.all.first)
        let variant = try #require(registered.variants.first).id
        let cli = try CLI()
        for jobs in ["1", "3"] {
            let result = try cli.run(
                ["simulate", "--app", registered.app.name, "--users", "500", "--jobs", jobs, "--variant", variant, "--events", "\(jobs).jsonl"],
                environment: configuration
            )
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(cli.contents(of: "1.jsonl") != nil && cli.contents(of: "1.jsonl") == cli.contents(of: "3.jsonl"))
    }

    @Test("an unknown variant, or two for one slot, is one error line, and no log is written")
    func refused() throws {
        let registered = try #require(RegisteredApps.all.first)
        let app = registered.app.name
        let cli = try CLI()
        let unknown = try cli.run(
            ["simulate", "--app", app, "--users", "10", "--variant", "no-such-variant", "--events", "log.jsonl"], environment: configuration
        )
        #expect(unknown.status != 0)
        #expect(unknown.standardError.hasPrefix("Error: unknown variant \"no-such-variant\" in --variant"), "\(unknown.standardError)")
        let bySlot = Dictionary(grouping: registered.variants, by: { $0.slot })
        let pair = try #require(bySlot.values.first { $0.count >= 2 }, "an app of the registry has a slot with two variants")
        let twice = try cli.run(
            ["simulate", "--app", app, "--users", "10", "--variant", pair[0].id, "--variant", pair[1].id, "--events", "log.jsonl"],
            environment: configuration
        )
        #expect(twice.status != 0)
        #expect(twice.standardError == "Error: --variant \(pair[0].id) and --variant \(pair[1].id) both fill slot \"\(pair[0].slot)\"; choose one per slot\n")
        #expect(cli.contents(of: "log.jsonl") == nil)
    }
}
