import Experiments
import Foundation
import JSONCore

/// Fuzzes the condition parser and evaluator (regular expressions included).
///
/// The input is condition JSON, optionally followed by a NUL byte and an attribute document to evaluate it on; it is
/// also evaluated on a fixed document whose strings would send a backtracking engine into exponential time.
public enum ConditionFuzzHarness: FuzzHarness {
    public static let name = "condition"

    /// Attributes with the shapes conditions test: strings, versions, numbers, arrays, nested objects, and a run of one
    /// letter on which `(a+)+$` would backtrack for longer than the universe has existed, had matching not been linear
    /// in the text (`LinearTimeRegexTests`); long enough for that, short enough to keep the fuzzer fast on patterns
    /// of 10,000 instructions.
    static let fixedAttributes: Attributes = [
        "id": "user-1",
        "country": "DE",
        "version": "2.10.3-beta.1",
        "age": 37,
        "tags": ["beta", "staff", 3],
        "profile": ["name": "Ada", "visits": [1, 2, 3]],
        "text": .string(String(repeating: "a", count: 200) + "!"),
    ]

    public static func run(_ input: UnsafeBufferPointer<UInt8>) -> FuzzOutcome {
        let conditionBytes: UnsafeBufferPointer<UInt8>
        var attributes: JSONValue?
        if let separator = input.firstIndex(of: 0) {
            conditionBytes = UnsafeBufferPointer(rebasing: input[..<separator])
            attributes = try? JSONParser.parse(Data(input[(separator + 1)...]))
        } else {
            conditionBytes = input
        }
        let condition: Condition
        do throws(JSONSyntaxError) {
            condition = Condition(try JSONParser.parse(Data(conditionBytes)))
        } catch {
            return .rejected(error.description)
        }
        var verdicts: [Bool] = [condition.isSatisfied(by: fixedAttributes)]
        if let attributes {
            verdicts.append(condition.isSatisfied(byValue: attributes, savedGroups: ["group": [.string("user-1"), 3]]))
        }
        return .accepted("\(verdicts)")
    }
}
