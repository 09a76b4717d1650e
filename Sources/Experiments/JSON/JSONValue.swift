/// A JSON document: the attribute values conditions are evaluated against and the raw form of configuration files.
///
/// Numbers are IEEE-754 doubles, as in JavaScript, so integers above 2^53 lose precision exactly as they would in
/// GrowthBook's JS SDK. Strings compare by code units, as in JavaScript (`"é"` is not `"e\u0301"`), not by
/// Swift's canonical equivalence.
public enum JSONValue: Sendable, Hashable {
    /// The JSON literal `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number.
    case number(Double)
    /// A JSON string.
    case string(String)
    /// A JSON array.
    case array([JSONValue])
    /// A JSON object, keeping its keys in document order.
    case object(JSONObject)
}

extension JSONValue {
    /// The string payload, or `nil` when this is not a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number payload, or `nil` when this is not a number.
    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The Boolean payload, or `nil` when this is not a Boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The array payload, or `nil` when this is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object payload, or `nil` when this is not an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is the JSON literal `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON type name GrowthBook's `$type` operator uses: `null`, `boolean`, `number`, `string`, `array` or `object`.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates a number from an integer literal.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a number from a floating-point literal.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string value.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array value.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object value, keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSONValue {
    /// Equal JSON: same type, equal numbers and Booleans, strings with the same code units, arrays and objects equal
    /// member by member (objects in the same key order).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): CodeUnitString.equal(a, b)
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// Hashes consistently with ``==(_:_:)``: strings by their code units.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let flag):
            hasher.combine(1 as UInt8)
            hasher.combine(flag)
        case .number(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .string(let string):
            hasher.combine(3 as UInt8)
            hasher.combine(CodeUnitKey(string))
        case .array(let elements):
            hasher.combine(4 as UInt8)
            hasher.combine(elements)
        case .object(let object):
            hasher.combine(5 as UInt8)
            hasher.combine(object)
        }
    }
}
