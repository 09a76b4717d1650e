import Experiments
import Foundation

/// Fuzzes the condition parser and evaluator (regular expressions included).
///
/// The input is condition JSON, optionally followed by a NUL byte and an attribute document to evaluate it on; it is
/// also evaluated on a fixed document whose strings invite catastrophic backtracking.
public enum ConditionFuzzHarness: FuzzHarness {
    public static let name = "condition"

    /// Attributes with the shapes conditions test: strings, versions, numbers, arrays, nested objects, and a short run
    /// of one letter for backtracking patterns such as `(a+)+$` (short: a pattern that runs into the time limit costs
    /// 100 ms, and the fuzzer would spend its time there; `RegexTimeLimitTests` covers the limit itself).
    static let fixedAttributes: Attributes = [
        "id": "user-1",
        "country": "DE",
        "version": "2.10.3-beta.1",
        "age": 37,
        "tags": ["beta", "staff", 3],
        "profile": ["name": "Ada", "visits": [1, 2, 3]],
        "text": .string(String(repeating: "a", count: 12) + "!"),
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
