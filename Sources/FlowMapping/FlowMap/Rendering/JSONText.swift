import Experiments

/// A JSON value whose objects keep their keys in the order written, rendered readably: a container
/// whose compact form is short stays on one line, others take a line per member.
package indirect enum JSONText: Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONText])
    case object([(String, JSONText)])

    /// A string, or null.
    package static func optional(_ text: String?) -> JSONText {
        text.map { .string($0) } ?? .null
    }

    /// An array of strings.
    package static func strings(_ texts: [String]) -> JSONText {
        .array(texts.map { .string($0) })
    }

    /// The value as JSON text, ending in a newline.
    package var rendered: String {
        var text = ""
        write(to: &text, indent: 0)
        return text + "\n"
    }

    /// The value on one line.
    package var compact: String {
        switch self {
        case .string(let value): return Self.quoted(value)
        case .integer(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .array(let elements): return "[" + elements.map(\.compact).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { "\(Self.quoted($0.0)): \($0.1.compact)" }.joined(separator: ", ") + "}"
        }
    }

    private static let lineWidth = 100

    private func write(to text: inout String, indent: Int) {
        let compact = compact
        switch self {
        case .array(let elements) where compact.count > Self.lineWidth - indent && !elements.isEmpty:
            let inner = String(repeating: " ", count: indent + 2)
            text += "[\n"
            for (position, element) in elements.enumerated() {
                text += inner
                element.write(to: &text, indent: indent + 2)
                text += position == elements.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "]"
        case .object(let members) where compact.count > Self.lineWidth - indent && !members.isEmpty:
            let inner = String(repeating: " ", count: indent + 2)
            text += "{\n"
            for (position, member) in members.enumerated() {
                text += inner + Self.quoted(member.0) + ": "
                member.1.write(to: &text, indent: indent + 2)
                text += position == members.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: " ", count: indent) + "}"
        default:
            text += compact
        }
    }

    /// `value` as a JSON string literal, escaped as configuration JSON is written (`JSONValue.jsonText`).
    package static func quoted(_ value: String) -> String {
        JSONValue.string(value).jsonText
    }
}
