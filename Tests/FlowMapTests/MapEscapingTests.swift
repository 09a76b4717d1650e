import FlowMapping
import Foundation
import PlantedApps
import Testing
import VariantHost

/// DOT and Mermaid drawings of a map whose names hold every character their grammars give a meaning to: no name
/// ends a string, starts an escape or an entity, or reaches the output as a control; a huge name is cut.
@Suite("DOT and Mermaid: hostile names in labels are escaped and cut")
struct MapEscapingTests {
    private func map() async throws -> FlowMap {
        try await MapFixtures.map(variants: [SoundTrail.self, HostileTrail.self], choices: ["trail=sound", "trail=hostile"])
    }

    private static func hasUnsafe(_ text: String) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x2028, 0x2029, 0x202E].contains($0.value)
        }
    }

    @Test("DOT: every quoted string is closed on its line, backslashes only escape, no control, huge names cut")
    func dot() async throws {
        let text = FlowMapDOT.render(try await map())
        #expect(!Self.hasUnsafe(text))
        #expect(text.contains(#"review a\"b\\c\\N\\l #quot; x;y [s] (p) {b} |pipe| <br/> `md` %% end & -->?[31m??????next"#))
        #expect(text.contains(String(repeating: "z", count: 200) + "… (900,000 characters)"))
        #expect(text.contains("yyy… (\(HostileTrail.screen.count.formatted(.number.locale(Locale(identifier: "en_US")))) characters)"))
        #expect(text.contains("\"p0~1\" [label=\"review a"), "a long or unsafe name gets a numbered id")
        #expect(text.utf8.count < 100_000)
        for line in text.split(separator: "\n") {
            #expect(DOTLine.quotesBalance(String(line)), "\(line.prefix(300))")
        }
    }

    @Test("DOT: Graphviz's dot reads the drawing (when dot is installed, and always in CI)")
    func graphvizParses() async throws {
        let candidates = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
        guard let dot = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            #expect(ProcessInfo.processInfo.environment["CI"] == nil, "CI installs graphviz: dot must be there")
            return
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-hostile-\(UUID().uuidString).dot")
        defer { try? FileManager.default.removeItem(at: input) }
        try FlowMapDOT.render(try await map()).write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-Tcanon", input.path]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let canonical = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(messages.prefix(1_000))")
        #expect(messages.isEmpty, "\(messages.prefix(1_000))")
        #expect(canonical.contains("review a"), "the hostile screen is one node of the graph read back")
    }

    @Test("Mermaid: each special character of a label is an entity code; no raw quote, bracket or control")
    func mermaid() async throws {
        let text = FlowMapMermaid.render(try await map())
        #expect(!Self.hasUnsafe(text))
        #expect(text.contains(
            "review a#quot;b\\c\\N\\l #35;quot#59; x#59;y #91;s#93; #40;p#41; #123;b#125; #124;pipe#124; #lt;br/#gt; #96;md#96; #37;#37; end #38; --#gt;?#91;31m??????next"
        ))
        #expect(text.contains(String(repeating: "z", count: 200) + "… #40;900,000 characters#41;"), "cut, its parentheses as entity codes")
        #expect(text.utf8.count < 100_000)
        for line in text.split(separator: "\n") where line.contains("[\"") || line.contains("|\"") || line.contains("((\"") {
            let label = MermaidLine.labels(in: String(line))
            #expect(!label.isEmpty, "\(line.prefix(300))")
            for text in label {
                let bare = text.replacingOccurrences(of: "<br/>", with: "")
                #expect(!bare.contains { "[](){}|<>`%&".contains($0) }, "\(text.prefix(300))")
            }
        }
    }
}

/// Checks on one line of DOT.
private enum DOTLine {
    /// Whether every `"` that opens a string on `line` is closed on it, `\"` and `\\` read as escapes.
    static func quotesBalance(_ line: String) -> Bool {
        var inside = false
        var escaped = false
        for character in line {
            if escaped {
                escaped = false
            } else if inside, character == "\\" {
                escaped = true
            } else if character == "\"" {
                inside.toggle()
            }
        }
        return !inside && !escaped
    }
}

/// Reads the quoted labels of a Mermaid line.
private enum MermaidLine {
    /// The text between each pair of `"` on `line` (a label holds no raw `"`).
    static func labels(in line: String) -> [String] {
        let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }
}
