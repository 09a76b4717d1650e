import Experiments
import Testing

@Suite("Targeting conditions")
struct ConditionTests {
    static func holds(_ condition: JSONValue, _ attributes: Attributes) -> Bool {
        Condition(condition).isSatisfied(by: attributes)
    }

    @Test("dot paths reach nested objects, array indices and array length")
    func paths() {
        let attributes: Attributes = ["user": ["address": ["country": "FR"]], "tags": ["a", "b"]]
        #expect(Self.holds(["user.address.country": "FR"], attributes))
        #expect(Self.holds(["tags.1": "b"], attributes))
        #expect(Self.holds(["tags.length": 2], attributes))
        #expect(!Self.holds(["tags.01": "b"], attributes))
        #expect(Self.holds(["user.missing.deep": ["$exists": false]], attributes))
    }

    @Test("values of different JSON types never compare equal or ordered")
    func typeMismatch() {
        #expect(!Self.holds(["age": 18], ["age": "18"]))
        #expect(!Self.holds(["age": ["$gt": 10]], ["age": "18"]))
        #expect(!Self.holds(["flag": 1], ["flag": true]))
        #expect(Self.holds(["age": ["$ne": "18"]], ["age": 18]))
        #expect(!Self.holds(["age": ["$lt": 10]], [:]))
    }

    @Test("$in and $all test the elements of an array attribute")
    func arrayAttributes() {
        let attributes: Attributes = ["tags": ["beta", "staff"]]
        #expect(Self.holds(["tags": ["$in": ["staff", "vip"]]], attributes))
        #expect(!Self.holds(["tags": ["$nin": ["staff"]]], attributes))
        #expect(Self.holds(["tags": ["$all": ["staff", "beta"]]], attributes))
        #expect(Self.holds(["tags": ["$elemMatch": ["$eq": "beta"]]], attributes))
        #expect(Self.holds(["tags": ["$size": ["$gte": 2]]], attributes))
        #expect(!Self.holds(["tags": "beta"], attributes))
    }

    @Test("semantic version operators compare numerically, with pre-releases before the release")
    func versions() {
        #expect(Self.holds(["v": ["$vgt": "1.9.0"]], ["v": "1.10.0"]))
        #expect(Self.holds(["v": ["$vlt": "1.0.0"]], ["v": "1.0.0-rc.1"]))
        #expect(Self.holds(["v": ["$veq": "v1.2.3+build"]], ["v": "1.2.3"]))
        #expect(Self.holds(["v": ["$vne": "1.2.3"]], ["v": 5]))
        #expect(PaddedVersion.string(for: "v1.2.3-rc.1+build") == "    1-    2-    3-rc-    1")
    }

    @Test("an invalid regular expression never matches and never crashes", arguments: ["(", "[a-", "*a", "a{2,1}", "\\", "(?P<n>a)"])
    func invalidRegex(pattern: String) {
        #expect(!Self.holds(["name": ["$regex": .string(pattern)]], ["name": "a"]))
        #expect(Self.holds(["name": ["$notRegex": .string(pattern)]], ["name": "a"]))
    }

    @Test("regular expressions search anywhere in the string; $regexi ignores case")
    func regex() {
        #expect(Self.holds(["email": ["$regex": "@example\\.com$"]], ["email": "a@example.com"]))
        #expect(!Self.holds(["email": ["$regex": "^example"]], ["email": "a@example.com"]))
        #expect(Self.holds(["name": ["$regexi": "^ZOË"]], ["name": "zoë k"]))
        #expect(!Self.holds(["n": ["$regex": "1"]], ["n": 1]))
    }

    @Test("an unknown operator fails the condition, even under $not")
    func unknownOperator() {
        let condition = Condition(["name": ["$regx": "a"]])
        #expect(!condition.isSatisfied(by: ["name": "a"]))
        #expect(!Condition(["$not": ["name": ["$regx": "a"]]]).isSatisfied(by: ["name": "a"]))
        #expect(condition.unknownOperators.map(\.description) == ["name.$regx"])
    }

    @Test("a malformed condition fails as a whole instead of crashing")
    func malformed() {
        #expect(!Self.holds(["$or": "abc"], ["a": 1]))
        #expect(!Self.holds(["$not": ["$or": 5]], ["a": 1]))
        #expect(Self.holds(["$or": []], ["a": 1]))
        #expect(!Condition("not an object").isSatisfied(by: [:]))
    }

    @Test("$exists distinguishes present values from missing or null ones")
    func exists() {
        #expect(Self.holds(["a": ["$exists": true]], ["a": 0]))
        #expect(!Self.holds(["a": ["$exists": true]], ["a": nil]))
        #expect(Self.holds(["a": ["$exists": false]], [:]))
    }

    @Test("$type names the JSON type of the attribute")
    func types() {
        let attributes: Attributes = ["n": 1, "s": "x", "b": false, "a": [], "o": [:], "z": nil]
        for (path, type) in [("n", "number"), ("s", "string"), ("b", "boolean"), ("a", "array"), ("o", "object"), ("z", "null"), ("missing", "null")] {
            #expect(Self.holds([path: ["$type": .string(type)]], attributes), "\(path)")
        }
    }

    @Test("$and, $or, $nor and $not combine conditions")
    func logic() {
        let attributes: Attributes = ["country": "US", "age": 30]
        #expect(Self.holds(["$and": [["country": "US"], ["age": ["$gte": 18]]]], attributes))
        #expect(Self.holds(["$or": [["country": "FR"], ["age": 30]]], attributes))
        #expect(!Self.holds(["$nor": [["country": "FR"], ["age": 30]]], attributes))
        #expect(Self.holds(["$not": ["country": "FR"]], attributes))
    }

    @Test("saved groups back $inGroup and $notInGroup")
    func savedGroups() {
        let condition = Condition(["id": ["$inGroup": "beta-testers"]])
        #expect(condition.isSatisfied(by: ["id": "u1"], savedGroups: ["beta-testers": ["u1", "u2"]]))
        #expect(!condition.isSatisfied(by: ["id": "u3"], savedGroups: ["beta-testers": ["u1", "u2"]]))
        #expect(Condition(["id": ["$notInGroup": "unknown"]]).isSatisfied(by: ["id": "u3"]))
    }

    @Test("conditions parse from JSON text once and print back as compact JSON")
    func parsing() throws {
        let condition = try Condition(jsonText: #"{ "deviceClass": "tablet" }"#)
        #expect(condition.description == #"{"deviceClass":"tablet"}"#)
        #expect(condition.isSatisfied(by: ["deviceClass": "tablet"]))
    }
}
