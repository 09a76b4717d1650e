extension JSONValue: CustomStringConvertible {
    /// Compact JSON text, e.g. `{"age":{"$gt":18}}`; numbers print as JavaScript would.
    public var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// The compact JSON text.
    public var description: String { jsonText }

    private func write(to text: inout String) {
        switch self {
        case .null:
            text += "null"
        case .bool(let flag):
            text += flag ? "true" : "false"
        case .number(let number):
            text += number.isFinite ? JavaScriptNumberFormat.string(number) : "null"
        case .string(let string):
            Self.writeQuoted(string, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let object):
            text += "{"
            for (index, (key, value)) in object.members.enumerated() {
                if index > 0 { text += "," }
                Self.writeQuoted(key, to: &text)
                text += ":"
                value.write(to: &text)
            }
            text += "}"
        }
    }

    private static func writeQuoted(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
