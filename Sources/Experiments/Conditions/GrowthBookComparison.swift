/// GrowthBook's equality, ordering and truthiness rules for JSON values, as implemented by the JS and Python SDKs.
enum GrowthBookComparison {
    /// JavaScript `===` for operator operands: same JSON type and equal value; arrays and objects are never equal
    /// because the operands always come from separate parses.
    static func strictEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): CodeUnitString.equal(a, b)
        default: false
        }
    }

    /// Literal condition equality: JSON types must match at every level and objects must list the same keys in
    /// JavaScript property order (integer-like keys ascending, then insertion order), as `JSON.stringify` compares.
    static func deepEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            return zip(a, b).allSatisfy { deepEqual($0, $1) }
        case (.object(let a), .object(let b)):
            guard javaScriptKeyOrder(a) == javaScriptKeyOrder(b) else { return false }
            return a.keys.allSatisfy { key in
                guard let left = a[key], let right = b[key] else { return false }
                return deepEqual(left, right)
            }
        default:
            return strictEqual(lhs, rhs)
        }
    }

    /// Keys in JavaScript property order: array-index keys numerically ascending, then the rest in insertion order.
    private static func javaScriptKeyOrder(_ object: JSONObject) -> [String] {
        var indexKeys: [(Int, String)] = []
        var otherKeys: [String] = []
        for key in object.keys {
            if let index = AttributePath.canonicalIndex(key), index < 4_294_967_295 {
                indexKeys.append((index, key))
            } else {
                otherKeys.append(key)
            }
        }
        return indexKeys.sorted { $0.0 < $1.0 }.map(\.1) + otherKeys
    }

    /// Ordering for `$lt`…`$gte`: only two numbers or two strings are ordered; strings compare by UTF-16 code units
    /// as in JavaScript. Returns `nil` when the values cannot be ordered.
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> Int? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            if a.isNaN || b.isNaN { return nil }
            return a < b ? -1 : (a > b ? 1 : 0)
        case (.string(let a), .string(let b)):
            return compareUTF16(a, b)
        default:
            return nil
        }
    }

    /// Lexicographic comparison of UTF-16 code units (JavaScript string order).
    static func compareUTF16(_ lhs: String, _ rhs: String) -> Int {
        lexicographicOrder(lhs.utf16, rhs.utf16)
    }

    /// Lexicographic comparison of Unicode scalars (Python string order, used for padded version strings).
    static func compareScalars(_ lhs: String, _ rhs: String) -> Int {
        lexicographicOrder(lhs.unicodeScalars, rhs.unicodeScalars)
    }

    /// -1, 0 or 1 as `lhs` orders before, equal to or after `rhs`, element by element; a prefix first.
    private static func lexicographicOrder<Units: Sequence>(_ lhs: Units, _ rhs: Units) -> Int where Units.Element: Comparable {
        var left = lhs.makeIterator()
        var right = rhs.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let a?, let b?):
                if a != b { return a < b ? -1 : 1 }
            }
        }
    }

    /// Python truthiness, which decides `$exists`: `null`, `false`, `0`, `""`, `[]` and `{}` are false.
    static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let flag): flag
        case .number(let number): number != 0
        case .string(let string): !string.isEmpty
        case .array(let elements): !elements.isEmpty
        case .object(let object): !object.isEmpty
        }
    }

    /// Whether `candidates` holds a value strictly equal to `value` (or, when `value` is an array, whether the two
    /// arrays share an element), as GrowthBook's `isIn`. `caseInsensitive` lowercases strings first (`$ini`), with
    /// JavaScript's `toLowerCase` (see ``JavaScriptCase/lowercased(_:)``).
    static func isIn(_ value: JSONValue, candidates: [JSONValue], caseInsensitive: Bool) -> Bool {
        func fold(_ value: JSONValue) -> JSONValue {
            if caseInsensitive, case .string(let string) = value { return .string(JavaScriptCase.lowercased(string)) }
            return value
        }
        let foldedCandidates = caseInsensitive ? candidates.map(fold) : candidates
        switch value {
        case .array(let elements):
            return elements.contains { element in
                let folded = fold(element)
                return foldedCandidates.contains { strictEqual(folded, $0) }
            }
        case .object:
            return false
        default:
            let folded = fold(value)
            return foldedCandidates.contains { strictEqual(folded, $0) }
        }
    }
}
