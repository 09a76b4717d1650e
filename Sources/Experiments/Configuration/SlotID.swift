/// Identifies a flow slot, a place in the app where one of several interchangeable flows runs (e.g. `auth-flow`).
public struct SlotID: RawRepresentable, Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The identifier as written in configuration.
    public var rawValue: String

    /// Wraps `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates an identifier from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The raw identifier.
    public var description: String { rawValue }

    /// Orders identifiers by their raw value.
    public static func < (lhs: SlotID, rhs: SlotID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes a bare JSON string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes a bare JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
