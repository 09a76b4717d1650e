/// The variant a map runs in one slot.
package struct SlotVariant: Hashable, Sendable, CustomStringConvertible {
    /// The slot's identifier.
    package var slot: String
    /// The variant's identifier.
    package var variant: String

    /// Pairs a slot with its variant.
    package init(slot: String, variant: String) {
        self.slot = slot
        self.variant = variant
    }

    /// `slot=variant`.
    package var description: String { "\(slot)=\(variant)" }

    /// A combination as `app-shell=phone, auth-flow=signup-before-profile`.
    package static func describe(_ combination: [SlotVariant]) -> String {
        combination.map(\.description).joined(separator: ", ")
    }
}
