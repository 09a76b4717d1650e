/// A parsed condition object: every entry must hold. Built once from JSON by ``Condition``.
indirect enum ConditionNode: Sendable {
    /// A JSON object whose entries are ANDed, in document order.
    case entries([ConditionEntry])
    /// Anything other than an object where a condition is expected; evaluating it fails the whole condition, as the
    /// SDKs' evaluation errors do.
    case malformed
}

/// One key of a condition object.
enum ConditionEntry: Sendable {
    /// `$or`: at least one sub-condition holds (an empty list holds).
    case or(ConditionList)
    /// `$nor`: no sub-condition holds.
    case nor(ConditionList)
    /// `$and`: every sub-condition holds.
    case and(ConditionList)
    /// `$not`: the sub-condition does not hold.
    case not(ConditionNode)
    /// `$savedGroup` / `$savedGroups`: typed saved groups are not supported and never match.
    case neverMatches
    /// `path: value`: the attribute at `path` satisfies `value`.
    case attribute(AttributePath, ConditionValue)
}

/// The operand of `$or`, `$nor` and `$and`.
enum ConditionList: Sendable {
    /// A list of sub-conditions.
    case conditions([ConditionNode])
    /// A non-list operand other than `{}` or `""`, which the SDKs fail on when they reach it.
    case malformed
}

/// What an attribute value must satisfy: an operator object, or a literal it must equal.
indirect enum ConditionValue: Sendable {
    /// An object whose keys all start with `$` (including `{}`, which always holds); operators are ANDed.
    case operators([ConditionOperator])
    /// Any other value, compared with ``GrowthBookComparison/deepEqual(_:_:)``.
    case literal(JSONValue)
}

/// One `$operator: operand` pair applied to an attribute value.
enum ConditionOperator: Sendable {
    case equal(JSONValue)
    case notEqual(JSONValue)
    case order(OrderComparison, JSONValue)
    case version(OrderComparison, operand: JSONValue, padded: String)
    case `in`([JSONValue]?, caseInsensitive: Bool, negated: Bool)
    case all([ConditionValue]?, caseInsensitive: Bool)
    case elemMatch(ElementMatch)
    case size(ConditionValue)
    case exists(Bool)
    case type(JSONValue)
    case not(ConditionValue)
    case regex(ConditionRegex?, negated: Bool)
    case inGroup(String?, negated: Bool)
    /// `$or`, `$nor`, `$and` or `$savedGroup` used on a value, where they never match.
    case conditionOperatorOnValue
    /// An operator GrowthBook does not define; it leaves the condition undecided, which fails it.
    case unknown(String)
}

/// The comparison an ordering operator asks for (`equal`/`notEqual` only for `$veq`/`$vne`).
enum OrderComparison: Sendable {
    case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

    func holds(_ order: Int) -> Bool {
        switch self {
        case .equal: order == 0
        case .notEqual: order != 0
        case .less: order < 0
        case .lessOrEqual: order <= 0
        case .greater: order > 0
        case .greaterOrEqual: order >= 0
        }
    }
}

/// The operand of `$elemMatch`.
enum ElementMatch: Sendable {
    /// Pure operators test each element itself, e.g. `{"$gt": 3}`.
    case value(ConditionValue)
    /// A condition tests each element's fields, e.g. `{"name": "x"}`.
    case condition(ConditionNode)
}
