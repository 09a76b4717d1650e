import Coordination

/// What simulated users type into an app's fields: per field, values the app accepts and values
/// it refuses, as real users mistype them.
///
/// A value may contain `{user}`, replaced by the simulated user's number, so that values meant
/// to be unique (an email address) differ between users:
///
/// ```swift
/// SyntheticInput(fields: [
///     "email": .init(valid: "user{user}@example.com", invalid: ["taken@example.com", "user-at-example.com"]),
///     "password": .init(valid: "correct-horse-9", invalid: ["secret"]),
/// ])
/// ```
///
/// Choice fields need no entry: simulated users pick among their options. A field the app
/// names no values for keeps the value it shows, and is never the one made invalid.
public struct SyntheticInput: Sendable {
    /// The values of one field.
    public struct Field: Sendable, Hashable {
        /// A value the app accepts, possibly containing `{user}`.
        public var valid: String
        /// Values the app refuses; a user who fails validation enters one of them.
        public var invalid: [String]

        /// Describes a field's values.
        public init(valid: String, invalid: [String] = []) {
            self.valid = valid
            self.invalid = invalid
        }
    }

    /// The marker replaced by the user's number.
    public static let userMarker = "{user}"

    /// Every field's values, by field identifier.
    public var fields: [ScreenField.ID: Field]

    /// Describes the values of an app's fields.
    public init(fields: [ScreenField.ID: Field]) {
        self.fields = fields
    }

    /// Input for an app without free-text fields.
    public static let none = SyntheticInput(fields: [:])
}
