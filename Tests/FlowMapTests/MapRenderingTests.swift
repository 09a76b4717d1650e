import FlowMapping
import Foundation
import PlantedApps
import Testing
import VariantHost
import VariantKit

@Suite("A map is written as JSON (the documented schema), DOT and Mermaid, comparisons in colour")
struct MapRenderingTests {
    private func comparison() async throws -> FlowMap {
        try await MapFixtures.map(variants: [SoundTrail.self, CycleTrail.self], choices: ["trail=sound", "trail=cycle"])
    }

    @Test("JSON: schema 1, maps with states, transitions and screens, comparisons and lints")
    func json() async throws {
        let map = try await comparison()
        let text = FlowMapJSON.render(map)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(document["schema"] as? Int == 1)
        #expect(document["app"] as? String == "trail")
        #expect(document["complete"] as? Bool == true)
        let maps = try #require(document["maps"] as? [[String: Any]])
        #expect(maps.map { $0["id"] as? String } == ["m1", "m2"])
        #expect((maps[0]["variants"] as? [String: String]) == ["trail": "sound"])
        let states = try #require(maps[0]["states"] as? [[String: Any]])
        #expect(states.count == 7)
        #expect(states[3]["error"] as? String == "wrong code")
        #expect(states[3]["path"] as? [String] == ["next", "submit[code=bad]"])
        #expect(states[4]["outcome"] as? String == "completed")
        let transitions = try #require(maps[0]["transitions"] as? [[String: Any]])
        #expect(transitions.count == 15)
        #expect(transitions[1]["input"] as? String == "valid")
        #expect((transitions[1]["events"] as? [[String: Any]])?.count == 3)
        let screens = try #require(maps[0]["screens"] as? [String: Any])
        #expect(screens["start"] as? String == "intro")
        #expect((screens["edges"] as? [Any])?.count == 10)
        let comparisons = try #require(document["comparisons"] as? [[String: Any]])
        #expect(comparisons.count == 1)
        #expect(comparisons[0]["baseline"] as? String == "m1" && comparisons[0]["other"] as? String == "m2")
        let nodes = try #require(comparisons[0]["nodes"] as? [[String: String]])
        #expect(nodes.first { $0["id"] == "help" }?["side"] == "changed")
        let edges = try #require(comparisons[0]["edges"] as? [[String: Any]])
        #expect(edges.contains { $0["from"] as? String == "help" && $0["turn"] as? String == "back" && $0["side"] as? String == "baseline" })
        let lints = try #require(document["lints"] as? [[String: Any]])
        #expect(lints.map { $0["kind"] as? String } == ["cycle-without-exit"])
        #expect(lints[0]["path"] as? [String] == ["next", "submit[valid]", "help"])
        #expect(text == FlowMapJSON.render(try await comparison()), "the same map writes the same JSON")
    }

    @Test("DOT: a cluster per comparison, what only one variant has in its colour, ends as double circles")
    func dot() async throws {
        let text = FlowMapDOT.render(try await comparison())
        #expect(text.hasPrefix("digraph \"trail flow map\" {\n"))
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("subgraph cluster_0 {"))
        #expect(text.contains("label=\"trail: sound vs cycle\\nonly sound: blue, dashed; only cycle: red, bold; both, shown differently: orange\";"))
        #expect(text.contains("\"p0:help\" -> \"p0:review\" [label=\"back\", color=\"#1f77b4\", fontcolor=\"#1f77b4\", style=dashed];"))
        #expect(text.contains("\"p0:completed@review\" [label=\"completed\\non review\", shape=doublecircle];"))
        #expect(text.contains("\"p0:form\" -> \"p0:form\" [label=\"submit[code=bad]\"];"))
        #expect(text.contains("\"p0:help\" [label=\"help\\n“Tip 1”\", color=\"#e67e00\""))
        let opened = text.filter { $0 == "{" }.count
        #expect(opened == text.filter { $0 == "}" }.count)
    }

    @Test("Mermaid: a subgraph per comparison, dashed and thick arrows, classes and link styles")
    func mermaid() async throws {
        let text = FlowMapMermaid.render(try await comparison())
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowchart LR")
        #expect(lines.contains("  subgraph p0[\"trail: sound vs cycle — only sound: blue, dashed#59; only cycle: red, bold#59; both, shown differently: orange\"]"))
        #expect(lines.contains("    p0n1 -->|\"submit#91;code=bad#93;\"| p0n1"), "brackets in a label are entity codes")
        #expect(lines.contains("    p0start --> p0n0"))
        #expect(lines.contains("    p0n4 -.->|\"back\"| p0n2"))
        #expect(lines.contains { $0.hasPrefix("  linkStyle ") && $0.hasSuffix("stroke:#1f77b4,stroke-dasharray:5 5") })
        #expect(lines.contains("  class p0n4 changed"))
        #expect(lines.filter { $0.hasPrefix("  subgraph ") }.count == lines.filter { $0 == "  end" }.count)
    }

    @Test("a single map is drawn alone, every element plain")
    func single() async throws {
        let text = FlowMapDOT.render(try await MapFixtures.map(variants: [SoundTrail.self]))
        #expect(text.contains("label=\"trail=sound\";"))
        #expect(!text.contains("#d62728") && !text.contains("#1f77b4"))
    }
}
