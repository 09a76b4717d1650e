/// The variants the host app registered, and the slot each one fills.
///
/// The Experiments module does not know the app's flows; the host passes this catalog when validating configuration.
public struct VariantCatalog: Sendable, Hashable {
    /// The slot each registered variant fills.
    public var slotByVariant: [VariantID: SlotID]

    /// Creates a catalog from a variant → slot map.
    public init(_ slotByVariant: [VariantID: SlotID]) {
        self.slotByVariant = slotByVariant
    }

    /// The slot `variant` fills, or `nil` when it is not registered.
    public func slot(of variant: VariantID) -> SlotID? {
        slotByVariant[variant]
    }

    /// All registered variants, sorted.
    public var variants: [VariantID] {
        slotByVariant.keys.sorted()
    }

    /// The registered variants of `slot`, sorted.
    public func variants(in slot: SlotID) -> [VariantID] {
        slotByVariant.filter { $0.value == slot }.keys.sorted()
    }
}
