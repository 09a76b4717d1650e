import Coordination
import VariantKit

/// An app's `SyntheticInput`, laid out once per simulation for the lookups simulated users make
/// on every form they submit: a form has a handful of fields, found by identifier without hashing.
struct SyntheticFieldTable: Sendable {
    /// The values of one field.
    struct Entry: Sendable {
        /// The field's identifier.
        var field: ScreenField.ID
        /// The valid value, split around the user placeholder.
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

    /// Every entry's valid value for the user numbered `user`, in entry order.
    func validValues(forUser user: Int) -> [String] {
        entries.map { $0.valid.render(user: user) }
    }
}

/// A value that may hold `SyntheticInput.userPlaceholder`, ready to be filled in per user.
struct UserValueTemplate: Sendable {
    private let text: String
    private let parts: [Substring]

    /// Splits `text` around its placeholders.
    init(_ text: String) {
        self.text = text
        parts = text.split(separator: SyntheticInput.userPlaceholder, omittingEmptySubsequences: false)
    }

    /// The value for the user numbered `user`; a value without placeholders is shared, not copied.
    func render(user: Int) -> String {
        guard parts.count > 1 else { return text }
        let number = String(user)
        var value = String(parts[0])
        for part in parts.dropFirst() {
            value += number
            value += part
        }
        return value
    }
}
