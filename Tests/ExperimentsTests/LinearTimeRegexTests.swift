import Experiments
import Testing

/// Regular expressions in conditions are matched by an automaton in time linear in the attribute's length: patterns
/// that send a backtracking engine into exponential time get JavaScript's answer at once, and no answer depends on
/// a clock. (The figures of a release build are in docs/Performance.md; the bounds here only catch a return to
/// backtracking, which would not finish.)
@Suite("Regular expressions in conditions run in linear time")
struct LinearTimeRegexTests {
    /// Whether `condition` holds for `attributes`, and how long deciding it took.
    static func timedHolds(_ condition: JSONValue, _ attributes: Attributes) -> (holds: Bool, elapsed: Duration) {
        let parsed = Condition(condition)
        let started = ContinuousClock.now
        let holds = parsed.isSatisfied(by: attributes)
        return (holds, ContinuousClock.now - started)
    }

    /// 10,000 `a`s and an `X`: `(a+)+$` backtracks through every way of splitting the run before failing.
    static let longRun: JSONValue = .string(String(repeating: "a", count: 10_000) + "X")

    @Test("$notRegex (a+)+$ on 10,000 a's and an X holds, as in JavaScript, without waiting")
    func issueCase() {
        let (holds, elapsed) = Self.timedHolds(["text": ["$notRegex": "(a+)+$"]], ["text": Self.longRun])
        #expect(holds)
        #expect(elapsed < .seconds(1), "took \(elapsed)")
        #expect(Condition(["text": ["$not": ["$regex": "(a+)+$"]]]).isSatisfied(by: ["text": Self.longRun]))
    }

    @Test("patterns that backtrack exponentially get JavaScript's answer on 10,000 characters", arguments: [
        ("(a+)+$", false), ("(a|aa)+$", false), ("(a|a?)+$", true), ("^(a*)*b", false), ("(.*a){20}!x", false),
        ("(a+)+X$", true), ("^(a|a)*$", false), ("(?:a*)*$", true), ("^(?=(a+)+$)", false), ("^(?!(a+)+$)", true),
    ])
    func exponentialBacktracking(pattern: String, javaScript: Bool) {
        let (holds, elapsed) = Self.timedHolds(["text": ["$regex": .string(pattern)]], ["text": Self.longRun])
        #expect(holds == javaScript)
        #expect(elapsed < .seconds(1), "took \(elapsed)")
    }

    @Test("fifty pathological regular expressions in one condition are all decided")
    func manyInOneCondition() {
        var condition = JSONObject()
        var attributes = Attributes()
        for index in 0..<50 {
            condition["text\(index)"] = ["$notRegex": "(a+)+$"]
            attributes["text\(index)"] = Self.longRun
        }
        let (holds, elapsed) = Self.timedHolds(.object(condition), attributes)
        #expect(holds)
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test("a quadratic pattern for a backtracking engine is linear on a 1 MB attribute")
    func quadraticOnLongText() {
        let long = JSONValue.string(String(repeating: "a", count: 1_000_000))
        let (holds, elapsed) = Self.timedHolds(["text": ["$regex": "a.*b"]], ["text": long])
        #expect(!holds)
        #expect(elapsed < .seconds(10), "took \(elapsed)")
        #expect(Self.timedHolds(["text": ["$regex": "a.*a$"]], ["text": long]).holds)
    }

    @Test("a look-ahead is answered for every position of a long text in one backward pass")
    func lookaheadOnLongText() {
        let long = JSONValue.string(String(repeating: "ab", count: 50_000) + "1")
        #expect(Self.timedHolds(["text": ["$regex": "^(?=.*\\d)(?!.*x)"]], ["text": long]).holds)
        #expect(!Self.timedHolds(["text": ["$regex": "(?=(a|b)*c)"]], ["text": long]).holds)
        #expect(Self.timedHolds(["text": ["$regex": "b(?!a)"]], ["text": long]).holds)
    }

    @Test("ordinary patterns match and fail as before, long texts included")
    func ordinaryPatterns() {
        #expect(Self.timedHolds(["text": ["$regex": "a+X$"]], ["text": Self.longRun]).holds)
        #expect(Self.timedHolds(["text": ["$notRegex": "^b"]], ["text": Self.longRun]).holds)
        let long = JSONValue.string(String(repeating: "ab", count: 50_000) + "needle")
        #expect(Self.timedHolds(["text": ["$regex": "needle$"]], ["text": long]).holds)
        #expect(!Self.timedHolds(["text": ["$regex": "haystack"]], ["text": long]).holds)
    }

    @Test("the same condition and attributes always give the same answer")
    func deterministic() {
        let condition = Condition(["text": ["$notRegex": "(a|aa)+$"]])
        let answers = (0..<20).map { _ in condition.isSatisfied(by: ["text": Self.longRun]) }
        #expect(answers == Array(repeating: true, count: 20))
    }
}
