import Coordination
import FlowEvents
import VariantKit

/// An app's `SyntheticInput`, laid out once per simulation for the lookups simulated users make
/// on every form they submit: a form has a handful of fields, found by identifier without hashing.
struct SyntheticFieldTable: Sendable {
    /// The values of one field.
    struct Entry: Sendable {
        /// The field's identifier.
        var field: ScreenField.ID
        /// The valid value, split around the user marker.
        var valid: UserValueTemplate
        /// Values the app refuses.
        var invalid: [String]
    }

    let entries: [Entry]

    /// Lays out `input`, ordered by field identifier.
    init(_ input: SyntheticInput) {
        entries = input.fields.sorted { $0.key < $1.key }.map { field, values in
            Entry(field: field, valid: UserValueTemplate(values.valid), invalid: values.invalid)
        }
    }

    /// The position of `field`'s entry, if the app gives it values.
    func index(of field: ScreenField.ID) -> Int? {
        entries.firstIndex { $0.field == field }
    }

}

/// A value that may hold `SyntheticInput.userMarker`, ready to be filled in per user.
struct UserValueTemplate: Sendable {
    /// The text, split around its markers: one part for a value without any.
    private let parts: [String]

    /// Splits `text` around its markers.
    init(_ text: String) {
        parts = text.split(separator: SyntheticInput.userMarker, omittingEmptySubsequences: false).map(String.init)
    }

    /// The value for the user numbered `user`; a value without markers is shared, not copied.
    func render(user: Int) -> String {
        switch parts.count {
        case 1: return parts[0]
        // The common case, `user{user}@example.com`: written into a string sized once.
        case 2: return Self.joining(parts[0], user, parts[1])
        default: return parts.dropFirst().reduce(parts[0]) { "\($0)\(user)\($1)" }
        }
    }

    /// `"\(prefix)\(number)\(suffix)"`, without the interpolation's intermediate strings: also how a
    /// simulation names its users and sessions.
    static func joining(_ prefix: String, _ number: Int, _ suffix: String) -> String {
        DecimalText.string(prefix, number, suffix)
    }
}
