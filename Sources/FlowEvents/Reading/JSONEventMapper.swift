import JSONCore

/// Turns a parsed JSON line into an event, or says why the line must be skipped.
///
/// This is the reference reading of the log format: any key order, absent optional keys read
/// as null (properties as empty), unknown keys ignored, non-string property values kept as
/// their compact JSON text.
enum JSONEventMapper {
    /// The event `value` describes, or the reason it describes none.
    static func outcome(for value: JSONNode) -> LineOutcome {
        guard case .object = value else { return .skipped(.malformed) }
        guard case .number(let schemaText)? = value.member("schema") else { return .skipped(.malformed) }
        switch schemaVersion(fromNumberText: schemaText) {
        case .notAnInteger: return .skipped(.malformed)
        case .integer(let version) where version == FlowEvent.currentSchemaVersion: break
        case .integer, .outOfRange: return .skipped(.unknownSchemaVersion)
        }
        guard case .string(let timeText)? = value.member("time"),
              let time = EventTimestamp(iso8601: timeText.utf8),
              case .string(let session)? = value.member("session"),
              case .string(let user)? = value.member("user"),
              case .string(let typeName)? = value.member("type"),
              case .some(let experiment) = optionalString(value.member("experiment")),
              case .some(let variant) = optionalString(value.member("variant")),
              case .some(let screen) = optionalString(value.member("screen")),
              case .some(let action) = optionalString(value.member("action")),
              let properties = properties(value.member("properties")),
              case .some(let sequence) = sequence(value.member("seq"))
        else { return .skipped(.malformed) }
        guard let type = EventType(rawValue: typeName) else { return .skipped(.unknownEventType) }
        return .event(FlowEvent(
            schemaVersion: FlowEvent.currentSchemaVersion,
            time: time,
            session: session,
            sequence: sequence,
            user: user,
            experiment: experiment,
            variant: variant,
            type: type,
            screen: screen,
            action: action,
            properties: properties
        ))
    }

    private enum SchemaNumber {
        case integer(Int)
        case outOfRange
        case notAnInteger
    }

    private static func schemaVersion(fromNumberText text: String) -> SchemaNumber {
        if let version = Int(text) { return .integer(version) }
        let isInteger = text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return isInteger ? .outOfRange : .notAnInteger
    }

    /// `.some(nil)` for absent or null, `.some(n)` for a JSON integer (no fraction, no exponent) from 0 to
    /// `FlowEvent.maximumSequence`, nil (malformed) for anything else: a string, a negative, fractional or larger
    /// number, `4.0` and `4e0` too, as the SQL of `switchyard sql` judges a `seq` by its JSON type.
    private static func sequence(_ value: JSONNode?) -> Int?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .number(let text)?:
            guard let integer = Int(text), (0...FlowEvent.maximumSequence).contains(integer) else { return nil }
            return .some(integer)
        default: return nil
        }
    }

    /// `.some(nil)` for absent or null, `.some(text)` for a string, nil (malformed) for anything else.
    private static func optionalString(_ value: JSONNode?) -> String?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        default: return nil
        }
    }

    /// The properties object's members, or nil when `properties` is neither an object, null nor absent.
    private static func properties(_ value: JSONNode?) -> [String: String]? {
        switch value {
        case nil, .null?: return [:]
        case .object(let members)?:
            var properties: [String: String] = [:]
            properties.reserveCapacity(members.count)
            for member in members {
                if case .string(let text) = member.value {
                    properties[member.key] = text
                } else {
                    properties[member.key] = member.value.compactText
                }
            }
            return properties
        default: return nil
        }
    }
}
