import VariantKit

extension VariantRegistry {
    /// Sessions that together run every registered variant: the default of every slot, then, for
    /// each other variant, the defaults with it in its slot.
    package var combinationsCoveringEveryVariant: [[any FlowVariant.Type]] {
        let defaults = app.slots.compactMap { variant(id: $0.defaultVariant) }
        var combinations = [defaults]
        for variant in variants where !defaults.contains(where: { $0.id == variant.id }) {
            combinations.append(defaults.map { $0.slot == variant.slot ? variant : $0 })
        }
        return combinations
    }
}
