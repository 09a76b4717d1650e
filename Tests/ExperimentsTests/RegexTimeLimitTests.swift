import Experiments
import Testing

@Suite("Pathological regular expressions in conditions run for a bounded time")
struct RegexTimeLimitTests {
    /// A run of one letter and a different last character: what `(a+)+$`-style patterns backtrack exponentially on.
    static let backtrackingBait: JSONValue = .string(String(repeating: "a", count: 40) + "!")

    /// Whether `condition` holds for `attributes`, and how long deciding it took.
    static func timedHolds(_ condition: JSONValue, _ attributes: Attributes) -> (holds: Bool, elapsed: Duration) {
        let parsed = Condition(condition)
        let started = ContinuousClock.now
        let holds = parsed.isSatisfied(by: attributes)
        return (holds, ContinuousClock.now - started)
    }

    @Test("an exponentially backtracking $regex fails the condition within its time limit", arguments: [
        "(a+)+$", "(a|aa)+$", "(a|a?)+$", "^(a*)*b", "(.*a){20}!x",
    ])
    func exponentialBacktracking(pattern: String) {
        let (holds, elapsed) = Self.timedHolds(["text": ["$regex": .string(pattern)]], ["text": Self.backtrackingBait])
        #expect(!holds)
        #expect(elapsed < .seconds(2), "took \(elapsed)")
    }

    @Test("$notRegex with a pattern that runs out of time fails the condition too, as an evaluation error does")
    func negatedTimeout() {
        let (holds, elapsed) = Self.timedHolds(["text": ["$notRegex": "(a+)+$"]], ["text": Self.backtrackingBait])
        #expect(!holds)
        #expect(elapsed < .seconds(2), "took \(elapsed)")
        #expect(!Condition(["text": ["$not": ["$regex": "(a+)+$"]]]).isSatisfied(by: ["text": Self.backtrackingBait]))
    }

    @Test("a quadratic pattern on a 10 MB attribute string stops at the time limit")
    func quadraticOnLongText() {
        let long = JSONValue.string(String(repeating: "a", count: 10_000_000))
        let (holds, elapsed) = Self.timedHolds(["text": ["$regex": "a.*b"]], ["text": long])
        #expect(!holds)
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test("many pathological regexes in one condition share one time limit")
    func sharedLimit() {
        var condition = JSONObject()
        var attributes = Attributes()
        for index in 0..<50 {
            condition["text\(index)"] = ["$regex": "(a+)+$"]
            attributes["text\(index)"] = Self.backtrackingBait
        }
        let (holds, elapsed) = Self.timedHolds(.object(condition), attributes)
        #expect(!holds)
        #expect(elapsed < .seconds(2), "took \(elapsed)")
    }

    @Test("ordinary patterns still match and fail as before, long texts included")
    func ordinaryPatterns() {
        #expect(Self.timedHolds(["text": ["$regex": "a+!$"]], ["text": Self.backtrackingBait]).holds)
        #expect(Self.timedHolds(["text": ["$notRegex": "^b"]], ["text": Self.backtrackingBait]).holds)
        let long = JSONValue.string(String(repeating: "ab", count: 50_000) + "needle")
        #expect(Self.timedHolds(["text": ["$regex": "needle$"]], ["text": long]).holds)
        #expect(!Self.timedHolds(["text": ["$regex": "haystack"]], ["text": long]).holds)
    }
}
