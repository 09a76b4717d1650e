/// A GrowthBook targeting condition, parsed once and evaluated many times against attribute documents.
///
/// Supports GrowthBook's full operator set: `$eq $ne $lt $lte $gt $gte $exists $in $nin $ini $nini $all $alli $size
/// $elemMatch $regex $regexi $notRegex $notRegexi $not $and $or $nor $type $inGroup $notInGroup` and the semantic
/// version operators `$veq $vne $vgt $vgte $vlt $vlte`. Semantics follow the Python SDK 4.x (itself aligned with the
/// JS SDK), including its edge cases: values of different JSON types are never equal or ordered, a missing
/// attribute behaves as `null`, a condition on an array attribute with a literal value compares the whole array
/// (use `$elemMatch`/`$all`/`$in` to test elements — `$in` intersects two arrays), an unknown operator fails the
/// condition, and a malformed condition fails as a whole rather than crashing. Typed saved groups (`$savedGroup`)
/// are not supported and never match.
///
/// The three SDKs disagree in two places, where this type follows the Python SDK 4.x: `$lt`/`$lte`/`$gt`/`$gte`
/// order only two numbers or two strings (the JS SDK's `<` would coerce `null` to 0 and `"8"` to 8, as three
/// spec-0.8.0 conformance cases encode); and literal equality requires equal JSON types (the JS SDK compares
/// `value + ""` for string literals).
///
/// Strings follow the JavaScript SDK: they compare by UTF-16 code units, never by canonical equivalence (`"é"` is
/// not `"e\u0301"`, in values and in attribute keys); `$ini`, `$nini` and `$alli` lowercase with JavaScript's
/// `toLowerCase` (see `JavaScriptCase`). `$regex` patterns are ECMAScript regular expressions in the subset
/// `ECMAScriptRegexParser` documents, evaluated with ECMAScript's meaning by an automaton whose time is linear in
/// the attribute's length for a given pattern (`ConditionRegex`): no pattern backtracks, so `(a+)+$` is as quick
/// as `a+$`, and no answer depends on a clock. A pattern outside the subset, or an operand that is not a string, is
/// listed in ``issues`` (validation refuses it) and never matches, as an invalid pattern never matches in the SDKs
/// (`$notRegex` always does).
public struct Condition: Sendable, CustomStringConvertible {
    /// The condition as written.
    public let json: JSONValue
    /// Where operators that GrowthBook does not define appear, relative to the condition (e.g. `country.$inn`).
    ///
    /// Keys starting with `$` at attribute position are listed too: GrowthBook treats them as attribute names, but
    /// they are almost always misspelt operators.
    public let unknownOperators: [JSONPath]
    /// Other problems validation reports, located relative to the condition: `$regex` operands that are not strings
    /// and patterns outside the supported ECMAScript subset (either never matches), and nesting deeper than 256
    /// levels (such a condition never matches).
    public let issues: [ConfigIssue]
    private let root: ConditionNode

    /// The condition that every attribute document satisfies (`{}`).
    public static let always = Condition(.object(JSONObject()))

    /// Parses `json` once. Never fails: anything GrowthBook would reject simply does not match.
    public init(_ json: JSONValue) {
        var parser = ConditionParser()
        self.root = parser.parseCondition(json, at: .root)
        self.json = json
        self.unknownOperators = parser.unknownOperators
        self.issues = parser.issues
    }

    /// Parses condition JSON text.
    public init(jsonText: String) throws(JSONSyntaxError) {
        self.init(try JSONParser.parse(jsonText))
    }

    /// Whether `attributes` satisfy the condition.
    ///
    /// - Parameters:
    ///   - attributes: The user's attributes, the document the condition is evaluated against.
    ///   - savedGroups: Legacy saved groups (id → member values) for `$inGroup` / `$notInGroup`.
    public func isSatisfied(by attributes: Attributes, savedGroups: [String: [JSONValue]] = [:]) -> Bool {
        isSatisfied(byValue: .object(attributes), savedGroups: savedGroups)
    }

    /// Whether the JSON value `document` satisfies the condition; a non-object document has no attributes.
    public func isSatisfied(byValue document: JSONValue, savedGroups: [String: [JSONValue]] = [:]) -> Bool {
        let evaluator = ConditionEvaluator(savedGroups: savedGroups)
        return (try? evaluator.evaluate(root, on: document)) == true
    }

    /// The condition's JSON.
    public var description: String {
        json.jsonText
    }
}

extension Condition: Equatable {
    /// Conditions are equal when written identically.
    public static func == (lhs: Condition, rhs: Condition) -> Bool {
        lhs.json == rhs.json
    }
}
