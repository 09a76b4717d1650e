/// A dot-separated attribute path such as `father.age` or `tags.0`, split once when a condition is parsed.
struct AttributePath: Sendable, Hashable {
    let segments: [String]

    init(_ path: String) {
        segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    /// The value at this path, `null` when any segment is missing.
    ///
    /// As in JavaScript, arrays expose only their canonical indices (`"0"`, `"1"`, not `"01"`) and `length`.
    func value(in root: JSONValue) -> JSONValue {
        var current = root
        for segment in segments {
            switch current {
            case .object(let object):
                guard let next = object[segment] else { return .null }
                current = next
            case .array(let elements):
                if segment == "length" {
                    current = .number(Double(elements.count))
                } else if let index = Self.canonicalIndex(segment), index < elements.count {
                    current = elements[index]
                } else {
                    return .null
                }
            default:
                return .null
            }
        }
        return current
    }

    /// The integer a canonical array index string denotes (`"0"`, `"17"`; not `"01"`, `"-0"` or `"+1"`).
    static func canonicalIndex(_ key: String) -> Int? {
        let utf8 = key.utf8
        guard !utf8.isEmpty, utf8.count <= 10, utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              key == "0" || utf8.first != UInt8(ascii: "0")
        else {
            return nil
        }
        return Int(key)
    }
}
