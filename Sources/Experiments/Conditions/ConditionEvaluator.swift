/// Evaluates a parsed condition with GrowthBook's three-valued logic.
///
/// `true`/`false` are decided results; `nil` means an unknown operator left the result undecided, which fails the
/// condition overall unless another entry already fails it. A thrown ``MalformedCondition`` mirrors the SDKs'
/// evaluation errors, which fail the entire condition (so `$not` cannot turn them into a match).
struct ConditionEvaluator {
    /// Raised when evaluation reaches a malformed part of the condition.
    struct MalformedCondition: Error {}

    let savedGroups: [String: [JSONValue]]

    func evaluate(_ node: ConditionNode, on root: JSONValue) throws(MalformedCondition) -> Bool? {
        guard case .entries(let entries) = node else { throw MalformedCondition() }
        var result: Bool? = true
        for entry in entries {
            let outcome: Bool?
            switch entry {
            case .or(let list): outcome = try evaluateOr(list, on: root)
            case .nor(let list): outcome = try evaluateOr(list, on: root).map { !$0 }
            case .and(let list): outcome = try evaluateAnd(list, on: root)
            case .not(let inner): outcome = try evaluate(inner, on: root).map { !$0 }
            case .neverMatches: outcome = false
            case .attribute(let path, let value): outcome = try evaluate(value, against: path.value(in: root))
            }
            if outcome == false { return false }
            if outcome == nil { result = nil }
        }
        return result
    }

    private func evaluateOr(_ list: ConditionList, on root: JSONValue) throws(MalformedCondition) -> Bool? {
        guard case .conditions(let conditions) = list else { throw MalformedCondition() }
        if conditions.isEmpty { return true }
        var result: Bool? = false
        for condition in conditions {
            let outcome = try evaluate(condition, on: root)
            if outcome == true { return true }
            if outcome == nil { result = nil }
        }
        return result
    }

    private func evaluateAnd(_ list: ConditionList, on root: JSONValue) throws(MalformedCondition) -> Bool? {
        guard case .conditions(let conditions) = list else { throw MalformedCondition() }
        var result: Bool? = true
        for condition in conditions {
            let outcome = try evaluate(condition, on: root)
            if outcome == false { return false }
            if outcome == nil { result = nil }
        }
        return result
    }

    func evaluate(_ value: ConditionValue, against attribute: JSONValue, caseInsensitive: Bool = false) throws(MalformedCondition) -> Bool? {
        switch value {
        case .literal(let expected):
            if caseInsensitive, case .string(let lhs) = expected, case .string(let rhs) = attribute {
                return CodeUnitString.equal(JavaScriptCase.lowercased(lhs), JavaScriptCase.lowercased(rhs))
            }
            return GrowthBookComparison.deepEqual(expected, attribute)
        case .operators(let operators):
            var result: Bool? = true
            for op in operators {
                let outcome = try evaluate(op, against: attribute)
                if outcome == false { return false }
                if outcome == nil { result = nil }
            }
            return result
        }
    }

    private func evaluate(_ op: ConditionOperator, against attribute: JSONValue) throws(MalformedCondition) -> Bool? {
        switch op {
        case .equal(let operand):
            return GrowthBookComparison.strictEqual(attribute, operand)
        case .notEqual(let operand):
            return !GrowthBookComparison.strictEqual(attribute, operand)
        case .order(let comparison, let operand):
            guard let order = GrowthBookComparison.order(attribute, operand) else { return false }
            return comparison.holds(order)
        case .version(let comparison, let operand, let padded):
            guard Self.areVersionOrderable(attribute, operand) else { return comparison == .notEqual }
            let actual = PaddedVersion.string(for: attribute)
            return comparison.holds(GrowthBookComparison.compareScalars(actual, padded))
        case .in(let candidates, let caseInsensitive, let negated):
            guard let candidates else { return false }
            return GrowthBookComparison.isIn(attribute, candidates: candidates, caseInsensitive: caseInsensitive) != negated
        case .all(let required, let caseInsensitive):
            guard let required, case .array(let elements) = attribute else { return false }
            return try evaluateAll(required, elements: elements, caseInsensitive: caseInsensitive)
        case .elemMatch(let match):
            guard case .array(let elements) = attribute else { return false }
            return try evaluateElementMatch(match, elements: elements)
        case .size(let value):
            guard case .array(let elements) = attribute else { return false }
            return try evaluate(value, against: .number(Double(elements.count)))
        case .exists(let shouldExist):
            return attribute.isNull != shouldExist
        case .type(let expected):
            return expected == .string(attribute.typeName)
        case .not(let value):
            return try evaluate(value, against: attribute).map { !$0 }
        case .regex(let regex, let negated):
            guard let regex, case .string(let text) = attribute else { return negated }
            return regex.matches(text) != negated
        case .inGroup(let groupID, let negated):
            guard let groupID else { return false }
            let members = savedGroups[groupID] ?? []
            return GrowthBookComparison.isIn(attribute, candidates: members, caseInsensitive: false) != negated
        case .conditionOperatorOnValue:
            return false
        case .unknown:
            return nil
        }
    }

    private static func areVersionOrderable(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.number, .number), (.string, .string): true
        default: false
        }
    }

    private func evaluateAll(_ required: [ConditionValue], elements: [JSONValue], caseInsensitive: Bool) throws(MalformedCondition) -> Bool? {
        var result: Bool? = true
        for value in required {
            var passed: Bool? = false
            for element in elements {
                let outcome = try evaluate(value, against: element, caseInsensitive: caseInsensitive)
                if outcome == true {
                    passed = true
                    break
                }
                if outcome == nil { passed = nil }
            }
            if passed == false { return false }
            if passed == nil { result = nil }
        }
        return result
    }

    private func evaluateElementMatch(_ match: ElementMatch, elements: [JSONValue]) throws(MalformedCondition) -> Bool? {
        var result: Bool? = false
        for element in elements where !element.isNull {
            let outcome: Bool?
            switch match {
            case .value(let value): outcome = try evaluate(value, against: element)
            case .condition(let condition): outcome = try evaluate(condition, on: element)
            }
            if outcome == true { return true }
            if outcome == nil { result = nil }
        }
        return result
    }
}
