extension JSONValue: Codable {
    /// Decodes any JSON value from a single-value container.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode(JSONObject.self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }

    /// Encodes the value as the matching JSON type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONObject: Codable {
    /// A coding key for arbitrary object member names.
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes an object; key order follows the decoder's `allKeys`, which Foundation does not guarantee.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: MemberKey.self)
        self.init()
        for key in container.allKeys {
            self[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
    }

    /// Encodes the members in order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: MemberKey.self)
        for (key, value) in members {
            try container.encode(value, forKey: MemberKey(stringValue: key))
        }
    }
}
