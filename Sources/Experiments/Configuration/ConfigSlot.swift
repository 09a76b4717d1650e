/// A slot as the experiment config declares it (`slots` in the file), with the variant users get when
/// nothing else decides.
public struct ConfigSlot: Sendable, Hashable {
    /// The slot.
    public var id: SlotID
    /// The variant used when no rule, forced choice or experiment decides the slot.
    public var defaultVariant: VariantID

    /// Creates a config slot.
    public init(id: SlotID, defaultVariant: VariantID) {
        self.id = id
        self.defaultVariant = defaultVariant
    }
}
