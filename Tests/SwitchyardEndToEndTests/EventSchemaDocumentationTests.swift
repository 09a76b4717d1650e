import Foundation
import Testing

/// docs/Events.md names every field and property key the host writes, and nothing it does not.
@Suite("docs/Events.md matches what the host writes")
struct EventSchemaDocumentationTests {
    private static let document = (try? String(
        contentsOf: Repository.root.appendingPathComponent("docs/Events.md"), encoding: .utf8
    )) ?? ""

    /// The first-column names of the markdown table whose header row starts with `header`.
    private static func firstColumn(ofTableStartingWith header: String) -> [String] {
        let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return [] }
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.compactMap { row in
            row.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        }
    }

    @Test("the fields table lists an event line's keys, in the order they are written")
    func fields() throws {
        let cli = try CLI()
        let result = try cli.run(Repository.simulate(users: 5, events: "events.jsonl"))
        #expect(result.status == 0, "\(result.standardError)")
        let line = try #require(cli.contents(of: "events.jsonl")?.split(separator: "\n").first)
        // Keys in written order: each key is a quoted name followed by a colon at the top level.
        let keys = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]).keys
        let ordered = keys.sorted { line.range(of: "\"\($0)\":")!.lowerBound < line.range(of: "\"\($1)\":")!.lowerBound }
        #expect(Self.firstColumn(ofTableStartingWith: "| field |") == ordered)
    }

    @Test("the property keys table lists exactly the keys the session recorder writes")
    func propertyKeys() throws {
        // The recorder adds some keys itself and has the line writer add those of its recurring lines.
        let writers = try ["Sources/VariantHost/Session/SessionRecorder.swift", "Sources/FlowEvents/Writing/RecurringEvent.swift"].map {
            try String(contentsOf: Repository.root.appendingPathComponent($0), encoding: .utf8)
        }
        let written = Set(writers.flatMap { $0.matches(of: /properties\.add\("([a-z_]+)"/).map { String($0.output.1) } })
        #expect(written.count >= 10, "the recorder's keys were found")
        #expect(Set(Self.firstColumn(ofTableStartingWith: "| key |")) == written)
    }

    @Test("every property key in a simulated log, outside session_started, is documented")
    func keysInALog() throws {
        let cli = try CLI()
        let result = try cli.run(Repository.simulate(users: 300, events: "events.jsonl"))
        #expect(result.status == 0, "\(result.standardError)")
        let documented = Set(Self.firstColumn(ofTableStartingWith: "| key |"))
        for line in (cli.contents(of: "events.jsonl") ?? "").split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard event["type"] as? String != "session_started", let properties = event["properties"] as? [String: Any] else { continue }
            #expect(Set(properties.keys).isSubset(of: documented), "\(line)")
        }
    }
}
