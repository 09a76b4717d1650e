/// An input on a screen.
public struct ScreenField: Sendable, Hashable, Identifiable {
    /// A stable identifier, such as `"email"`.
    public typealias ID = String

    /// What kind of value the field takes; drivers use it to render or to generate input.
    public enum Kind: Sendable, Hashable {
        /// Free text.
        case text
        /// An email address.
        case email
        /// A secret; drivers do not echo it.
        case password
        /// One of `options`, or several separated by commas when `allowsMultiple`.
        case choice(options: [String], allowsMultiple: Bool)
    }

    /// The identifier the screen reads the value by.
    public var id: ID
    /// The label shown to the user.
    public var label: String
    /// What kind of value the field takes.
    public var kind: Kind
    /// The value currently displayed, used when the user leaves the field as it is.
    public var value: String
    /// Whether submitting needs a non-empty value.
    public var isRequired: Bool

    /// Creates a field.
    public init(id: ID, label: String, kind: Kind = .text, value: String = "", isRequired: Bool = true) {
        self.id = id
        self.label = label
        self.kind = kind
        self.value = value
        self.isRequired = isRequired
    }

    /// Splits a multiple-choice value (`"music, travel"`) into its trimmed, non-empty parts.
    public static func splitChoices(_ value: String) -> [String] {
        var choices: [String] = []
        // One allocation: room for as many parts as there can be.
        choices.reserveCapacity(value.utf8.reduce(1) { $1 == UInt8(ascii: ",") ? $0 + 1 : $0 })
        _ = firstChoice(in: value) { choice in
            choices.append(choice)
            return false
        }
        return choices
    }

    /// The first trimmed, non-empty part of a multiple-choice value that `matches`, reading the
    /// parts in order as `splitChoices` gives them without building their array.
    static func firstChoice(in value: String, where matches: (String) -> Bool) -> String? {
        let utf8 = value.utf8
        var partStart = utf8.startIndex
        while partStart <= utf8.endIndex {
            let partEnd = utf8[partStart...].firstIndex(of: UInt8(ascii: ",")) ?? utf8.endIndex
            let part = utf8[partStart..<partEnd]
            if let first = part.firstIndex(where: { $0 != UInt8(ascii: " ") }),
               let last = part.lastIndex(where: { $0 != UInt8(ascii: " ") }) {
                let choice = String(Substring(part[first...last]))
                if matches(choice) { return choice }
            }
            guard partEnd < utf8.endIndex else { break }
            partStart = utf8.index(after: partEnd)
        }
        return nil
    }
}
