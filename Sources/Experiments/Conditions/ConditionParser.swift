/// Turns condition JSON into a ``ConditionNode`` tree once, noting operators GrowthBook does not define.
struct ConditionParser {
    /// Conditions nested deeper than this are treated as malformed instead of risking the stack, and refused by
    /// validation.
    static let maximumDepth = 256

    /// Problems validation reports beyond unknown operators: `$regex` operands that are not strings, patterns outside
    /// the regular expression subset and nesting beyond ``maximumDepth``, located relative to the condition.
    private(set) var issues: [ConfigIssue] = []
    private var reportedDepth = false

    /// Paths (relative to the condition) of operators GrowthBook does not define.
    private(set) var unknownOperators: [JSONPath] = []

    /// The condition-level operators that, met where a value is expected, make it a condition
    /// (`$elemMatch`) or an error (any other value operator), as GrowthBook's evaluator reads them.
    static let conditionLevelOperators: Set<String> = ["$or", "$nor", "$and", "$savedGroup"]

    mutating func parseCondition(_ json: JSONValue, at path: JSONPath, depth: Int = 0) -> ConditionNode {
        guard depth <= Self.maximumDepth else {
            reportDepth(at: path)
            return .malformed
        }
        guard case .object(let object) = json else { return .malformed }
        var entries: [ConditionEntry] = []
        for (key, value) in object.members {
            let entryPath = path.appending(key)
            switch key {
            case "$or": entries.append(.or(parseList(value, at: entryPath, depth: depth)))
            case "$nor": entries.append(.nor(parseList(value, at: entryPath, depth: depth)))
            case "$and": entries.append(.and(parseList(value, at: entryPath, depth: depth)))
            case "$not": entries.append(.not(parseCondition(value, at: entryPath, depth: depth + 1)))
            case "$savedGroup", "$savedGroups": entries.append(.neverMatches)
            default:
                // GrowthBook reads any other key, even one starting with `$`, as an attribute path; a config
                // validator still wants to hear about what is most likely a misspelt operator.
                if key.hasPrefix("$") { unknownOperators.append(entryPath) }
                entries.append(.attribute(AttributePath(key), parseValue(value, at: entryPath, depth: depth + 1)))
            }
        }
        return .entries(entries)
    }

    private mutating func parseList(_ json: JSONValue, at path: JSONPath, depth: Int) -> ConditionList {
        switch json {
        case .array(let elements):
            return .conditions(elements.enumerated().map { parseCondition($1, at: path.appending($0), depth: depth + 1) })
        case .object(let object) where object.isEmpty:
            return .conditions([])
        case .string(let string) where string.isEmpty:
            return .conditions([])
        default:
            return .malformed
        }
    }

    mutating func parseValue(_ json: JSONValue, at path: JSONPath, depth: Int) -> ConditionValue {
        guard case .object(let object) = json, object.keys.allSatisfy({ $0.hasPrefix("$") }) else {
            return .literal(json)
        }
        guard depth <= Self.maximumDepth else {
            reportDepth(at: path)
            return .operators([.unknown("(too deep)")])
        }
        return .operators(object.members.map { key, operand in
            parseOperator(key, operand, at: path.appending(key), depth: depth + 1)
        })
    }

    private mutating func parseOperator(_ name: String, _ operand: JSONValue, at path: JSONPath, depth: Int) -> ConditionOperator {
        switch name {
        case "$eq": return .equal(operand)
        case "$ne": return .notEqual(operand)
        case "$lt": return .order(.less, operand)
        case "$lte": return .order(.lessOrEqual, operand)
        case "$gt": return .order(.greater, operand)
        case "$gte": return .order(.greaterOrEqual, operand)
        case "$veq": return .version(.equal, operand: operand, padded: PaddedVersion.string(for: operand))
        case "$vne": return .version(.notEqual, operand: operand, padded: PaddedVersion.string(for: operand))
        case "$vlt": return .version(.less, operand: operand, padded: PaddedVersion.string(for: operand))
        case "$vlte": return .version(.lessOrEqual, operand: operand, padded: PaddedVersion.string(for: operand))
        case "$vgt": return .version(.greater, operand: operand, padded: PaddedVersion.string(for: operand))
        case "$vgte": return .version(.greaterOrEqual, operand: operand, padded: PaddedVersion.string(for: operand))
        case "$in": return .in(operand.arrayValue, caseInsensitive: false, negated: false)
        case "$nin": return .in(operand.arrayValue, caseInsensitive: false, negated: true)
        case "$ini": return .in(operand.arrayValue, caseInsensitive: true, negated: false)
        case "$nini": return .in(operand.arrayValue, caseInsensitive: true, negated: true)
        case "$all", "$alli":
            let values = operand.arrayValue.map { elements in
                elements.enumerated().map { parseValue($1, at: path.appending($0), depth: depth + 1) }
            }
            return .all(values, caseInsensitive: name == "$alli")
        case "$elemMatch":
            if case .object(let object) = operand, object.keys.allSatisfy({ $0.hasPrefix("$") }),
               !object.keys.contains(where: { Self.conditionLevelOperators.contains($0) }) {
                return .elemMatch(.value(parseValue(operand, at: path, depth: depth)))
            }
            return .elemMatch(.condition(parseCondition(operand, at: path, depth: depth + 1)))
        case "$size": return .size(parseValue(operand, at: path, depth: depth + 1))
        case "$exists": return .exists(GrowthBookComparison.isTruthy(operand))
        case "$type": return .type(operand)
        case "$not": return .not(parseValue(operand, at: path, depth: depth + 1))
        case "$regex", "$regexi", "$notRegex", "$notRegexi":
            let regex = compileRegex(operand, caseInsensitive: name.hasSuffix("i"), at: path)
            return .regex(regex, negated: name.hasPrefix("$not"))
        case "$inGroup": return .inGroup(operand.stringValue, negated: false)
        case "$notInGroup": return .inGroup(operand.stringValue, negated: true)
        case _ where Self.conditionLevelOperators.contains(name): return .conditionOperatorOnValue
        default:
            unknownOperators.append(path)
            return .unknown(name)
        }
    }

    private mutating func reportDepth(at path: JSONPath) {
        guard !reportedDepth else { return }
        reportedDepth = true
        issues.append(ConfigIssue(path: path, message: "condition nested deeper than \(Self.maximumDepth) levels"))
    }

    /// The pattern compiled, or nil (never matching) with the reason recorded: an operand that is not a string, or a
    /// pattern outside the supported subset.
    private mutating func compileRegex(_ operand: JSONValue, caseInsensitive: Bool, at path: JSONPath) -> ConditionRegex? {
        guard case .string(let pattern) = operand else {
            issues.append(ConfigIssue(path: path, message: "expected a regular expression pattern (a string), found \(ConfigFieldReader.describe(operand))"))
            return nil
        }
        switch ConditionRegex.compile(pattern, caseInsensitive: caseInsensitive) {
        case .failure(let issue):
            issues.append(ConfigIssue(path: path, message: "regular expression \(issue)"))
            return nil
        case .success(let regex):
            return regex
        }
    }
}
