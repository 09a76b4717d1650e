import Foundation

/// One value of a JSON counts row: a string, a number (kept as its text, so that `1.5` and `true` are refused
/// by the column that expects a whole number rather than rounded or taken for 1), or something else.
enum JSONCountValue: Decodable, Sendable {
    case text(String)
    case number(String)
    case other(String)

    /// A JSON object of such values.
    struct Object: Decodable, Sendable {
        var fields: [String: JSONCountValue]

        init(from decoder: any Decoder) throws {
            fields = try decoder.singleValueContainer().decode([String: JSONCountValue].self)
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .other("null")
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if (try? container.decode(Bool.self)) != nil {
            self = .other("a boolean")
        } else if let whole = try? container.decode(Int64.self) {
            self = .number(String(whole))
        } else if let fraction = try? container.decode(Double.self) {
            self = .number("\(fraction)")
        } else {
            self = .other("an array or object")
        }
    }
}
