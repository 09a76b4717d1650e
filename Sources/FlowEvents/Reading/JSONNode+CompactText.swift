import JSONCore

extension JSONNode {
    /// The compact JSON text of this value as the log writes text: numbers as written, no whitespace,
    /// members in order, strings escaped as `JSONLineEncoder` escapes them.
    var compactText: String {
        var bytes: [UInt8] = []
        appendCompactText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func appendCompactText(to bytes: inout [UInt8]) {
        switch self {
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONLineEncoder.appendString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.appendCompactText(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                element.appendCompactText(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .string(let text): JSONLineEncoder.appendString(text, to: &bytes)
        case .number(let text): bytes.append(contentsOf: text.utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: bytes.append(contentsOf: "null".utf8)
        }
    }
}
