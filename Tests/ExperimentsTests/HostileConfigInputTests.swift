import Experiments
import Foundation
import Testing

/// Configuration files written to break the loader: each is one or more located errors, never a trap or a hang.
@Suite("Hostile configuration input is an error, never a trap")
struct HostileConfigInputTests {
    /// The problems loading `bytes` reports, or none when it loads.
    static func issues(_ bytes: [UInt8]) -> [ConfigIssue] {
        do {
            _ = try ExperimentConfig.load(from: Data(bytes), catalog: TestResources.sampleCatalog)
            return []
        } catch {
            return error.issues
        }
    }

    /// The valid fixture document with `experiment` in place of its experiment.
    static func document(experiment: String) -> [UInt8] {
        Array(ConfigFixture.document(experiments: [experiment]).utf8)
    }

    @Test("a config nested 100,000 levels deep is one located error, not a stack overflow")
    func deepNesting() throws {
        let text = #"{"slots": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        let issues = Self.issues(Array(text.utf8))
        #expect(issues.count == 1)
        let issue = try #require(issues.first)
        #expect(issue.line == 1)
        #expect(issue.message.contains("nesting deeper than"))
    }

    @Test("a condition nested 100,000 levels deep is one located error too")
    func deepCondition() {
        let condition = String(repeating: #"{"$not": "#, count: 100_000) + "{}" + String(repeating: "}", count: 100_000)
        let experiment = ConfigFixture.experiment(with: #""condition": \#(condition)"#)
        let issues = Self.issues(Self.document(experiment: experiment))
        #expect(issues.count == 1)
        #expect(issues.first?.line != nil)
    }

    @Test("numbers beyond Double's range, 40-digit integers and -0 are errors at their path where they do not fit", arguments: [
        (#""coverage": 1e999999"#, "experiments[0].coverage"),
        (#""coverage": -1e999999"#, "experiments[0].coverage"),
        (#""hashVersion": 1234567890123456789012345678901234567890"#, "experiments[0].hashVersion"),
        (#""force": 1e999999"#, "experiments[0].force"),
        (#""weights": [1e999999, 0]"#, "experiments[0].weights"),
    ])
    func hugeNumbers(field: String, path: String) {
        let experiment = ConfigFixture.experiment(with: field)
        let issues = Self.issues(Self.document(experiment: experiment)).map(\.description)
        #expect(!issues.isEmpty)
        #expect(issues.allSatisfy { $0.hasPrefix(path) }, "\(issues)")
    }

    @Test("-0 is zero: a force of -0 picks the first variation")
    func negativeZero() {
        let experiment = ConfigFixture.experiment(with: #""force": -0, "coverage": -0.0"#)
        #expect(Self.issues(Self.document(experiment: experiment)).isEmpty)
    }

    @Test("NaN, Infinity and other number-like text are syntax errors with a line and column", arguments: [
        "NaN", "-Infinity", "Infinity", "+1", "0x10", "1.", ".5", "1e", "--1", "01",
    ])
    func numberLikeText(text: String) throws {
        let issues = Self.issues(Array(#"{"slots": [], "version": \#(text)}"#.utf8))
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.line == 1 && issue.column != nil)
        #expect(issue.message.hasPrefix("malformed JSON"))
    }

    @Test("invalid UTF-8 in a string is a syntax error located at the string", arguments: [
        [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0x61, 0x80, 0x62],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) throws {
        let prefix = Array(#"{"slots": [], "description": "#.utf8)
        let issues = Self.issues(prefix + [UInt8(ascii: "\"")] + bytes + Array("\"}".utf8))
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.message == "malformed JSON: invalid UTF-8 in string")
        #expect(issue.line == 1 && issue.column == prefix.count + 1)
    }

    @Test("invalid UTF-8 outside strings is a located syntax error")
    func invalidUTF8OutsideStrings() throws {
        let issues = Self.issues(Array(#"{"slots": []}"#.utf8) + [0xFF])
        #expect(issues.first?.message == "malformed JSON: unexpected text after the JSON value")
        let inKey = Self.issues(Array(#"{"sl"#.utf8) + [0xFE] + Array(#"ots": []}"#.utf8))
        #expect(inKey.first?.message == "malformed JSON: invalid UTF-8 in string")
    }

    @Test("a 10 MB string value on a single line loads, and a 10 MB unterminated one is one located error")
    func tenMegabyteLine() throws {
        let value = String(repeating: "x", count: 10_000_000)
        #expect(Self.issues(Array(#"{"slots": [], "description": "\#(value)"}"#.utf8)).isEmpty)
        let issues = Self.issues(Array(#"{"slots": [], "description": "\#(value)}"#.utf8))
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.message == "malformed JSON: unterminated string")
        #expect(issue.line == 1 && issue.column == 30)
    }

    @Test("a 10 MB slot id is reported at its path without a trap")
    func tenMegabyteIdentifier() {
        let id = String(repeating: "s", count: 10_000_000)
        let issues = Self.issues(Array(#"{"slots": [{"id": "\#(id)", "default": "nope"}]}"#.utf8))
        #expect(!issues.isEmpty)
        #expect(issues.allSatisfy { $0.path.description.hasPrefix("slots[0]") }, "\(issues.map(\.path))")
    }
}
