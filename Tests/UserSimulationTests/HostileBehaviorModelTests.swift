import Foundation
import Testing
import UserSimulation
import VariantHost

/// Behaviour model files written to break the loader: each is an error naming what is wrong, never a trap.
@Suite("Hostile behaviour model input is an error, never a trap")
struct HostileBehaviorModelTests {
    /// The problems parsing `bytes` reports, as `path: message` lines; empty when it parses.
    static func issues(_ bytes: [UInt8]) -> [String] {
        do {
            _ = try BehaviorModelLoader.parse(Data(bytes), file: "behavior.json")
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    /// A model with one screen whose `continue` probability is written as `probability`.
    static func model(continueProbability probability: String) -> [UInt8] {
        Array(#"{"screens": {"signup": {"actions": {"continue": \#(probability), "abandon": 0}}}}"#.utf8)
    }

    @Test("a model nested 100,000 levels deep is one error, not a stack overflow")
    func deepNesting() throws {
        let nested = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        let issues = Self.issues(Array(#"{"screens": \#(nested)}"#.utf8))
        #expect(issues.count == 1)
        #expect(try #require(issues.first).hasPrefix("not valid JSON"))
    }

    @Test("numbers beyond Double's range are errors at their path, as 40-digit ones are; NaN and Infinity are not JSON", arguments: [
        ("1e999999", "screens.signup.actions.continue: a number beyond Double's range"),
        ("-1e999999", "screens.signup.actions.continue: a number beyond Double's range"),
        ("1234567890123456789012345678901234567890", "screens.signup.actions.continue: "),
        ("-0.5", "screens.signup.actions.continue: "),
        ("NaN", "not valid JSON"),
        ("Infinity", "not valid JSON"),
    ])
    func hugeNumbers(probability: String, expectedPrefix: String) throws {
        let issues = Self.issues(Self.model(continueProbability: probability))
        #expect(try #require(issues.first).hasPrefix(expectedPrefix), "\(issues)")
    }

    @Test("-0 reads as a probability of zero")
    func negativeZero() {
        let model = Array(#"{"screens": {"signup": {"actions": {"continue": 1, "abandon": -0}}}}"#.utf8)
        #expect(Self.issues(model).isEmpty)
    }

    @Test("invalid UTF-8 anywhere is invalid JSON", arguments: [
        [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
    ] as [[UInt8]])
    func invalidUTF8(bytes: [UInt8]) throws {
        let inKey = Array(#"{"screens": {""#.utf8) + bytes + Array(#"": {"actions": {"continue": 1}}}}"#.utf8)
        #expect(try #require(Self.issues(inKey).first).hasPrefix("not valid JSON"))
    }

    @Test("a 10 MB screen name on a single line is reported without a trap")
    func tenMegabyteLine() {
        let name = String(repeating: "s", count: 10_000_000)
        let issues = Self.issues(Array(#"{"screens": {"\#(name)": {"actions": {"continue": 2}}}}"#.utf8))
        #expect(issues.count == 1)
        #expect(issues.first?.hasSuffix("is out of range; expected 0 to 1") == true)
    }
}
