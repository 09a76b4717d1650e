import Experiments
import Testing

/// What `validate` refuses in a `$regex`, always naming the JSON path: operands that are not strings, constructs an
/// automaton cannot match (back-references, look-behind) and patterns past the documented limits that keep
/// matching linear (at most 10,000 instructions after counted repetition is expanded, 16 look-aheads, groups 64
/// deep). Such a condition never matches, `$notRegex` always holds, as for an invalid pattern in the SDKs.
@Suite("Validation of regular expression operands")
struct RegexValidationTests {
    /// The issues of a config whose one rule has `condition`.
    static func issues(condition: String) -> [String] {
        ConfigFixture.issues(ConfigFixture.document(rules: #"[{"slot": "app-shell", "condition": \#(condition), "variant": "tablet"}]"#))
    }

    @Test("a $regex operand that is not a string is refused with its JSON path", arguments: [
        (#"{"model": {"$regex": 5}}"#, "rules[0].condition.model.$regex: expected a regular expression pattern (a string), found number 5"),
        (#"{"model": {"$notRegex": null}}"#, "rules[0].condition.model.$notRegex: expected a regular expression pattern (a string), found null"),
        (#"{"$or": [{"model": {"$regexi": ["a"]}}]}"#, "rules[0].condition.$or[0].model.$regexi: expected a regular expression pattern (a string), found an array"),
        (#"{"tags": {"$elemMatch": {"$notRegexi": true}}}"#, "rules[0].condition.tags.$elemMatch.$notRegexi: expected a regular expression pattern (a string), found boolean true"),
    ])
    func nonStringOperand(condition: String, issue: String) {
        #expect(Self.issues(condition: condition) == [issue])
    }

    @Test("a non-string operand never matches under $regex and always holds under $notRegex, as before")
    func nonStringOperandEvaluation() {
        #expect(!Condition(["n": ["$regex": 5]]).isSatisfied(by: ["n": "5"]))
        #expect(Condition(["n": ["$notRegex": 5]]).isSatisfied(by: ["n": "5"]))
    }

    @Test("back-references and look-behind, which no automaton matches, are refused naming path, construct and offset", arguments: [
        (#"{"model": {"$regex": "(a)\\1"}}"#, "rules[0].condition.model.$regex: regular expression `\\1` at offset 3: back-references (and octal escapes) are not in the supported subset"),
        (#"{"model": {"$regexi": "(?<n>a)\\k<n>"}}"#, "rules[0].condition.model.$regexi: regular expression `(?<` at offset 0: named groups are not in the supported subset"),
        (#"{"model": {"$notRegex": "x(?<=a)b"}}"#, "rules[0].condition.model.$notRegex: regular expression `(?<=` at offset 1: look-behind is not in the supported subset"),
        (#"{"model": {"$regex": "(?<!a)b"}}"#, "rules[0].condition.model.$regex: regular expression `(?<!` at offset 0: look-behind is not in the supported subset"),
    ])
    func automatonCannotMatch(condition: String, issue: String) {
        #expect(Self.issues(condition: condition) == [issue])
    }

    @Test("counted repetition expands, up to 10,000 instructions")
    func countedRepetitionExpands() {
        // ^, 9,997 a's, $ and the final match instruction.
        let condition = Condition(["s": ["$regex": "^a{9997}$"]])
        #expect(condition.issues.isEmpty)
        #expect(condition.isSatisfied(by: ["s": .string(String(repeating: "a", count: 9_997))]))
        #expect(!condition.isSatisfied(by: ["s": .string(String(repeating: "a", count: 9_996))]))
        #expect(!condition.isSatisfied(by: ["s": .string(String(repeating: "a", count: 9_998))]))
        #expect(!Condition(["s": ["$regex": "^a{9998}$"]]).issues.isEmpty)
        let range = Condition(["s": ["$regex": "^(?:ab){2,4}c{3,}$"]])
        #expect(range.isSatisfied(by: ["s": "ababccc"]))
        #expect(range.isSatisfied(by: ["s": "ababababcccccc"]))
        #expect(!range.isSatisfied(by: ["s": "abababababccc"]))
        #expect(!range.isSatisfied(by: ["s": "ababcc"]))
    }

    @Test("a pattern past 10,000 instructions is refused at the construct that crosses the limit", arguments: [
        ("a{10000}", "`{10000}` at offset 1"),
        ("x(a{100}){100}", "`{100}` at offset 9"),
        ("((a{10}){10}){1000}", "`{1000}` at offset 13"),
        ("a{1,99999999999}", "`{1,99999999999}` at offset 1"),
        ("a{5000}b{5000}", "`b{5000}` at offset 7"),
        ("a{4000}|b{4000}|c{4000}", "`|` at offset 15"),
        ("(?=a{6000})b{6000}", "`{6000}` at offset 12"),
    ])
    func instructionLimit(pattern: String, location: String) throws {
        let condition = Condition(["s": ["$regex": .string(pattern)]])
        let issue = try #require(condition.issues.first)
        #expect(condition.issues.count == 1)
        #expect(issue.path.description == "s.$regex")
        #expect(issue.message == "regular expression \(location): the pattern would compile to more than 10000 instructions, the most a pattern may (counted repetition is expanded: a{500} is 500; this limit keeps matching time linear in the text)")
        #expect(!condition.isSatisfied(by: ["s": "a"]))
    }

    @Test("validation names the JSON path of a pattern past the instruction limit")
    func instructionLimitInConfig() {
        #expect(Self.issues(condition: #"{"$or": [{"id": {"$notRegex": "^[0-9a-f]{20000}$"}}]}"#) == [
            "rules[0].condition.$or[0].id.$notRegex: regular expression `{20000}` at offset 9: the pattern would compile to more than 10000 instructions, the most a pattern may (counted repetition is expanded: a{500} is 500; this limit keeps matching time linear in the text)",
        ])
    }

    @Test("long hostile patterns are parsed and refused in time linear in their length")
    func longPatterns() throws {
        let started = ContinuousClock.now
        let empties = Condition(["s": ["$regex": .string(String(repeating: "(?:)", count: 250_000))]])
        #expect(empties.issues.isEmpty)
        #expect(empties.isSatisfied(by: ["s": "x"]))
        let literal = try #require(Condition(["s": ["$regex": .string(String(repeating: "a", count: 1_000_000))]]).issues.first)
        #expect(literal.message.hasPrefix("regular expression `a` at offset 9999: the pattern would compile to more than 10000 instructions"))
        let branches = try #require(Condition(["s": ["$regex": .string(String(repeating: "a|", count: 500_000))]]).issues.first)
        #expect(branches.message.hasPrefix("regular expression `|` at offset 6665: "), "\(branches.message)")
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test("at most 16 look-aheads in one pattern, each answered at every position")
    func lookaheadLimit() throws {
        let sixteen = String(repeating: "(?=.*a)", count: 8) + String(repeating: "(?!.*x)", count: 8)
        let accepted = Condition(["s": ["$regex": .string("^" + sixteen)]])
        #expect(accepted.issues.isEmpty)
        #expect(accepted.isSatisfied(by: ["s": "ba"]))
        #expect(!accepted.isSatisfied(by: ["s": "bax"]))
        let refused = Condition(["s": ["$regex": .string("^" + sixteen + "(?=b)")]])
        let issue = try #require(refused.issues.first)
        #expect(issue.message == "regular expression `(?=` at offset 113: more than 16 look-aheads in one pattern are not in the supported subset")
    }

    @Test("groups nest at most 64 deep")
    func groupDepth() throws {
        let deepest = String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)
        #expect(Condition(["s": ["$regex": .string(deepest)]]).isSatisfied(by: ["s": "a"]))
        let tooDeep = Condition(["s": ["$regex": .string("(" + deepest + ")")]])
        let issue = try #require(tooDeep.issues.first)
        #expect(issue.message == "regular expression `(` at offset 64: groups nested more than 64 deep are not in the supported subset")
        let hostile = Condition(["s": ["$regex": .string(String(repeating: "(", count: 100_000))]])
        #expect(hostile.issues.count == 1)
    }

    @Test("look-ahead, which the automaton answers with a backward pass, stays supported")
    func lookaheadSupported() {
        let password = Condition(["s": ["$regex": "^(?=.*\\d)(?=.*[a-z])(?!.*\\s).{8,}$"]])
        #expect(password.issues.isEmpty)
        #expect(password.isSatisfied(by: ["s": "abcdefg1"]))
        #expect(!password.isSatisfied(by: ["s": "abcdefgh"]))
        #expect(!password.isSatisfied(by: ["s": "abc defg1"]))
        #expect(!password.isSatisfied(by: ["s": "abcdef1"]))
        let nested = Condition(["s": ["$regex": "a(?=b(?!c))"]])
        #expect(nested.isSatisfied(by: ["s": "abd"]))
        #expect(!nested.isSatisfied(by: ["s": "abc"]))
    }
}
