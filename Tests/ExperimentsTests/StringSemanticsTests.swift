import Experiments
import Foundation
import Testing

/// Strings behave as in GrowthBook's JavaScript SDK: compared by code units, case-folded with `toLowerCase`, and
/// `$regex` read as ECMAScript. Expected values come from `Reference/generate_string_vectors.py` (the Python SDK's
/// `evalCondition`, and node's `RegExp` as the JS SDK calls it).
@Suite("String semantics of the reference SDKs")
struct StringSemanticsTests {
    static let vectors = TestResources.json("string-semantics-vectors.json")

    /// One generated case, printed by name.
    struct Vector: Sendable, CustomTestStringConvertible {
        let json: JSONValue
        var testDescription: String { json["name"].stringValue ?? "?" }
    }

    static func section(_ name: String) -> [Vector] {
        vectors[name].elements.map(Vector.init)
    }

    @Test("the vector file is present, from growthbook 4.x and node")
    func vectorsLoad() {
        #expect(Self.vectors["growthbookPythonSDK"].stringValue?.hasPrefix("4.") == true)
        #expect(Self.section("equality").count >= 30)
        #expect(Self.section("regex").count >= 40)
    }

    @Test("equality, key lookup and case-insensitive operators agree with the SDK", arguments: section("equality"))
    func equality(_ vector: Vector) {
        #expect(Condition(vector.json["condition"]).isSatisfied(byValue: vector.json["attributes"]) == vector.json["expected"].boolValue)
    }

    @Test("$regex and $regexi agree with ECMAScript as the JavaScript SDK runs them", arguments: section("regex"))
    func regex(_ vector: Vector) {
        let condition = Condition(vector.json["condition"])
        #expect(condition.issues.isEmpty, "\(condition.issues)")
        #expect(condition.isSatisfied(byValue: vector.json["attributes"]) == vector.json["expected"].boolValue)
    }

    @Test("patterns outside the ECMAScript subset are refused, naming the construct", arguments: vectors["rejectedPatterns"].elements.map(Vector.init))
    func rejectedPattern(_ vector: Vector) throws {
        let pattern = try #require(vector.json["pattern"].stringValue)
        let construct = try #require(vector.json["construct"].stringValue)
        let condition = Condition(["s": ["$regex": .string(pattern)]])
        let issue = try #require(condition.issues.first, "accepted \(pattern)")
        #expect(issue.path.description == "s.$regex")
        #expect(issue.message.hasPrefix("regular expression `\(construct)` at offset "), "\(issue.message)")
        #expect(!condition.isSatisfied(byValue: ["s": "a"]))
    }

    @Test("validation names the JSON path and the construct of a pattern outside the subset")
    func validationNamesPathAndConstruct() {
        let issues = ConfigFixture.issues(ConfigFixture.document(rules: #"""
            [{"slot": "app-shell", "condition": {"$or": [{"model": {"$regexi": "^\\p{Lu}"}}]}, "variant": "tablet"}]
            """#))
        #expect(issues == [
            "rules[0].condition.$or[0].model.$regexi: regular expression `\\p` at offset 1: Unicode property escapes are not in the supported subset (ECMAScript reads them only with the u flag)",
        ])
    }

    @Test("a condition nested deeper than 256 levels is a validation error")
    func nestingLimit() {
        var condition = #"{"id": "u"}"#
        for _ in 0..<300 { condition = #"{"$not": \#(condition)}"# }
        let issues = ConfigFixture.issues(ConfigFixture.document(rules: #"[{"slot": "app-shell", "condition": \#(condition), "variant": "tablet"}]"#))
        #expect(issues.count == 1)
        #expect(issues.first?.hasSuffix(": condition nested deeper than 256 levels") == true)
        #expect(issues.first?.hasPrefix("rules[0].condition." + Array(repeating: "$not", count: 257).joined(separator: ".")) == true)
    }

    @Test("a condition 256 levels deep still validates and evaluates")
    func nestingAtTheLimit() {
        var shallow: JSONValue = ["id": "u"]
        for _ in 0..<256 { shallow = .object(["$and": .array([shallow])]) }
        let parsed = Condition(shallow)
        #expect(parsed.issues.isEmpty)
        #expect(parsed.isSatisfied(by: ["id": "u"]))
    }

    @Test("experiment keys that are canonically equivalent but differ in code units are two experiments")
    func keysByCodeUnits() {
        let first = #"{"key": "caf\u00e9", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"]}"#
        let second = #"{"key": "cafe\u0301", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"]}"#
        #expect(ConfigFixture.issues(ConfigFixture.document(experiments: [first, second])) == [])
        #expect(ConfigFixture.issues(ConfigFixture.document(experiments: [first, first])) == [
            "experiments[1].key: duplicate experiment key \"café\" (also at experiments[0])",
        ])
    }

    @Test("condition object keys that differ only in code units are two attributes")
    func objectKeysByCodeUnits() throws {
        let condition = try Condition(jsonText: #"{"\u00e9": 1, "e\u0301": 2}"#)
        #expect(condition.json.objectValue?.count == 2)
        #expect(condition.isSatisfied(by: ["\u{e9}": 1, "e\u{301}": 2]))
        #expect(!condition.isSatisfied(by: ["\u{e9}": 1]))
    }

    @Test("a lone surrogate in a config is refused at its line and column instead of hashing as U+FFFD")
    func loneSurrogateInConfig() {
        let sdkBucket = Self.vectors["loneSurrogateHash"]["pythonSDK"].numberValue
        #expect(sdkBucket != nil && sdkBucket != GrowthBookHash.hash(seed: "exp", value: "\u{FFFD}", version: 2))
        let experiment = #"{"key": "exp", "seed": "\ud800", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"]}"#
        let issues = ConfigFixture.issues(ConfigFixture.document(experiments: [experiment]))
        #expect(issues.count == 1)
        #expect(issues.first?.contains("lone UTF-16 surrogate \\ud800 is not Unicode text") == true)
        #expect(issues.first?.hasPrefix("line 1, column 164: malformed JSON: lone UTF-16 surrogate") == true, "\(issues)")
    }
}
