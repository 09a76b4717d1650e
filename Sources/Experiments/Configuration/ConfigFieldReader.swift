/// Reads the fields of a parsed configuration document, recording every problem with its JSON path instead of
/// stopping at the first: the primitives ``ConfigDecoder`` is built from, shared with the decoders of the config's
/// other sections elsewhere in this package (the report sections, whose vocabulary is the event log's).
///
/// Each primitive returns nil after recording why the value at `path` is not what was expected.
package class ConfigFieldReader {
    /// Every problem recorded so far, in the order found.
    package private(set) var issues: [ConfigIssue] = []

    package init() {}

    package func stringMap(_ json: JSONValue, at path: JSONPath) -> [String: String]? {
        guard let object = object(json, at: path) else { return nil }
        var result: [String: String] = [:]
        var valid = true
        for (key, value) in object.members {
            if let text = string(value, at: path.appending(key)) {
                result[key] = text
            } else {
                valid = false
            }
        }
        return valid ? result : nil
    }

    package func report(_ path: JSONPath, _ message: String) {
        issues.append(ConfigIssue(path: path, message: message))
    }

    /// A short description of a JSON value for messages, e.g. `string "x"`, `number 3`, `an array`.
    package static func describe(_ json: JSONValue) -> String {
        switch json {
        case .null: "null"
        case .bool(let flag): "boolean \(flag)"
        case .number(let number): "number \(JavaScriptNumberFormat.string(number))"
        case .string(let text): "string \"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    package func object(_ json: JSONValue, at path: JSONPath) -> JSONObject? {
        expecting(json.objectValue, "an object", found: json, at: path)
    }

    package func string(_ json: JSONValue, at path: JSONPath) -> String? {
        expecting(json.stringValue, "a string", found: json, at: path)
    }

    package func nonEmptyString(_ json: JSONValue, at path: JSONPath) -> String? {
        guard let text = string(json, at: path) else { return nil }
        guard !text.isEmpty else {
            report(path, "expected a non-empty string")
            return nil
        }
        return text
    }

    /// A finite number: a JSON number beyond the largest Double (`1e999`), which reads as infinity, is refused.
    package func number(_ json: JSONValue, at path: JSONPath) -> Double? {
        guard let number = expecting(json.numberValue, "a number", found: json, at: path) else { return nil }
        guard number.isFinite else {
            report(path, "found a number beyond the largest a configuration holds (about 1.8e308); expected a finite number")
            return nil
        }
        return number
    }

    package func boolean(_ json: JSONValue, at path: JSONPath) -> Bool? {
        expecting(json.boolValue, "true or false", found: json, at: path)
    }

    /// `value`, the payload of `json` when it is of the expected kind; nil after reporting what was found instead.
    private func expecting<Value>(_ value: Value?, _ expected: String, found json: JSONValue, at path: JSONPath) -> Value? {
        if value == nil { report(path, "expected \(expected), found \(Self.describe(json))") }
        return value
    }

    package func integer(_ json: JSONValue, at path: JSONPath) -> Int? {
        guard case .number(let number) = json, number.rounded() == number, abs(number) < 1e15 else {
            report(path, "expected an integer, found \(Self.describe(json))")
            return nil
        }
        return Int(number)
    }

    package func array<Element>(
        _ json: JSONValue, at path: JSONPath, of element: (JSONValue, JSONPath) -> Element?
    ) -> [Element]? {
        guard case .array(let items) = json else {
            report(path, "expected an array, found \(Self.describe(json))")
            return nil
        }
        var result: [Element] = []
        var valid = true
        for (index, item) in items.enumerated() {
            if let value = element(item, path.appending(index)) {
                result.append(value)
            } else {
                valid = false
            }
        }
        return valid ? result : nil
    }

    package func field<Value>(
        _ object: JSONObject, _ key: String, at path: JSONPath, required: Bool,
        _ decode: (JSONValue, JSONPath) -> Value?
    ) -> Value? {
        guard let json = object[key] else {
            if required { report(path.appending(key), "missing required field") }
            return nil
        }
        return decode(json, path.appending(key))
    }

    package func elements(of object: JSONObject, _ key: String, required: Bool) -> [(JSONPath, JSONValue)] {
        let path = JSONPath.root.appending(key)
        guard let json = object[key] else {
            if required { report(path, "missing required field") }
            return []
        }
        guard case .array(let items) = json else {
            report(path, "expected an array, found \(Self.describe(json))")
            return []
        }
        return items.enumerated().map { (path.appending($0), $1) }
    }

    package func checkKeys(_ object: JSONObject, allowed: [String], at path: JSONPath) {
        for key in object.keys where !allowed.contains(key) {
            report(path.appending(key), "unknown field (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }
}
