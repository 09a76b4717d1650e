import Foundation
import Testing

/// docs/CLI.md documents every field of the observed paths' JSON, and no field the report does not write.
@Suite("Observed paths' JSON: docs/CLI.md names every field report writes")
struct ObservedPathsJSONDocTests {
    /// The fields the docs' table of `paths` names, as `top[].users` and the like; `a`, `.b` on one row is `a`, `a.b`.
    static func documentedFields() throws -> Set<String> {
        let docs = try String(contentsOf: Repository.root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        let section = try #require(docs.components(separatedBy: "An arm's `paths`").dropFirst().first)
        let table = section.components(separatedBy: "\n\n").first { $0.hasPrefix("| field | meaning |") } ?? ""
        var fields: Set<String> = []
        for row in table.split(separator: "\n").dropFirst(2) {
            let cell = row.split(separator: "|").first.map(String.init) ?? ""
            let names = cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            for name in names {
                if name.hasPrefix("."), let first = names.first, let dot = first.lastIndex(of: ".") {
                    fields.insert(first[..<dot] + name)
                } else {
                    fields.insert(name)
                }
            }
        }
        return fields
    }

    /// The fields of `object`, arrays' elements named `name[].field`.
    static func fields(of object: [String: Any], under prefix: String = "") -> Set<String> {
        var fields: Set<String> = []
        for (key, value) in object {
            fields.insert(prefix + key)
            for element in value as? [[String: Any]] ?? [] {
                fields.formUnion(Self.fields(of: element, under: prefix + key + "[]."))
            }
        }
        return fields
    }

    @Test("every field of an arm's paths, and of its paths, moves and screens left on, is in the docs' table, and nothing else")
    func documented() throws {
        let cli = try CLI()
        let simulated = try cli.run(Repository.simulate(users: 300, events: "events.jsonl"))
        try #require(simulated.status == 0, "\(simulated.standardError)")
        let report = try cli.run(["report", "events.jsonl", "--format", "json", "--experiment", "onboarding-order", "--config", Repository.experiments])
        try #require(report.status == 0, "\(report.standardError)")
        let arms = try #require((report.json?["experiments"] as? [[String: Any]])?.first?["arms"] as? [[String: Any]])
        var written: Set<String> = []
        for arm in arms {
            written.formUnion(Self.fields(of: try #require(arm["paths"] as? [String: Any])))
        }
        // `offered` is written only for a report built with the variant's explored map, which JSON from the CLI never is;
        // the fields marked `?` only when there is something to say (`DiscoveredStepCapTests` writes those).
        let documented = try Self.documentedFields()
        let optional = Set(documented.filter { $0.hasSuffix("?") })
        // A field under an optional one (`step_approaches[].step`) is written whenever its parent is.
        let optionalNames = optional.map { String($0.dropLast()) }
        let isUnderOptional = { (field: String) in optionalNames.contains { field == $0 || field.hasPrefix($0 + "[].") } }
        let always = documented.subtracting(optional).filter { !isUnderOptional($0) }
        let names = Set(documented.map { $0.hasSuffix("?") ? String($0.dropLast()) : $0 })
        #expect(written.subtracting(names).isEmpty, "undocumented: \(written.subtracting(names).sorted())")
        #expect(written.filter { !isUnderOptional($0) }.union(["transitions[].offered"]) == always, "not written: \(always.subtracting(written).sorted())")
        #expect(optional == ["other_left_on_screens?", "other_transitions?", "step_approaches?", "step_approaches[].other_screens?"])
        // The experiment's steps are configured: every arm has its screens on the way to each, with every documented field.
        let approachFields = names.filter { $0.hasPrefix("step_approaches") && $0 != "step_approaches[].other_screens" }
        #expect(approachFields.isSubset(of: written), "not written: \(approachFields.subtracting(written).sorted())")
    }
}
