/// The variant chosen for each slot of a session.
public struct VariantSelection: Sendable {
    @usableFromInline let variants: [String: any FlowVariant.Type]

    /// Creates a selection from variants, keyed by the slot each fills.
    public init(_ variants: [any FlowVariant.Type]) {
        self.variants = Dictionary(variants.map { ($0.slot, $0) }, uniquingKeysWith: { _, last in last })
    }

    // Apps reach a chosen variant only through `variant(for:as:)`, whose `ChosenVariant` labels
    // every coordinator it makes: the host's own code and tests read the variants directly.

    /// The variant chosen for `slot`, if any.
    package subscript(slot: String) -> (any FlowVariant.Type)? {
        variants[slot]
    }

    /// The chosen variants, ordered by slot identifier.
    package var all: [any FlowVariant.Type] {
        variants.keys.sorted().compactMap { variants[$0] }
    }

    /// The variant chosen for `slot`, as the kind of variant the app expects there, ready to make
    /// the slot's coordinators (see `ChosenVariant`).
    ///
    /// - Throws: `CompositionError` if no variant fills `slot` or it is of another kind.
    ///
    /// Inlinable so that the cast is specialised for the app's variant kinds: run generically,
    /// it costs more than the rest of composing a session.
    @inlinable
    public func variant<Kind>(for slot: String, as kind: Kind.Type) throws(CompositionError) -> ChosenVariant<Kind> {
        guard let variant = variants[slot] else {
            throw CompositionError("no variant chosen for slot \"\(slot)\"")
        }
        guard let typed = variant as? Kind else {
            throw CompositionError("variant \"\(variant.id)\" cannot fill slot \"\(slot)\": expected a \(Kind.self)")
        }
        return ChosenVariant(id: variant.id, kind: typed)
    }
}
