package import Foundation
import JSONCore

/// Reads configuration JSON: JSONCore's one parser, strict, with what the configuration asks beyond
/// RFC 8259, then numbers as JavaScript reads them.
///
/// A leading UTF-8 byte order mark is skipped. Objects keep their key order (see ``JSONObject``). A key
/// that appears twice in one object is a syntax error naming its path (`experiments[0].coverage`): which
/// value should win is a guess, and the last one silently winning has turned a config into one that
/// excludes everyone. A string that is not valid UTF-8, or holds a lone UTF-16 surrogate escape, is an
/// error located where it is, not text repaired to U+FFFD, which would silently hash and compare a
/// different string than GrowthBook's SDKs do.
package enum JSONParser {
    /// Nesting deeper than this is rejected rather than risking the stack.
    package static let maximumDepth = 512

    /// Parses a complete JSON document from UTF-8 `data`.
    package static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        try parse([UInt8](data))
    }

    /// Parses a complete JSON document from `text`.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }

    private static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        JSONValue(try JSONTextParser.parse(bytes, maximumDepth: maximumDepth, refusesDuplicateKeys: true, skipsByteOrderMark: true))
    }
}

extension JSONValue {
    /// The value of parsed JSON text, with numbers read as JavaScript reads them: the nearest double,
    /// infinite beyond its range (which validation then reports at the value's path).
    init(_ node: JSONNode) {
        switch node {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity))
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members):
            var object = JSONObject(minimumCapacity: members.count)
            for member in members {
                object[member.key] = JSONValue(member.value)
            }
            self = .object(object)
        }
    }
}
