/// A flow slot declared in configuration, with the variant users get when nothing else decides.
public struct ConfigSlot: Sendable, Hashable {
    /// The slot.
    public var id: SlotID
    /// The variant used when no rule, forced choice or experiment decides the slot.
    public var defaultVariant: VariantID

    /// Creates a slot definition.
    public init(id: SlotID, defaultVariant: VariantID) {
        self.id = id
        self.defaultVariant = defaultVariant
    }
}
