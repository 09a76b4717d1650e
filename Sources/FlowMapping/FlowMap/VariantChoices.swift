import VariantHost
import VariantKit

/// The combinations of variants a map explores, from the `--variant` choices a user made: each a
/// variant id, or `slot=id`.
///
/// Without choices, the map explores the sessions that together run every registered variant: the
/// default of every slot, then each other variant beside the defaults of the other slots. With
/// choices, every slot chosen runs each variant chosen for it, in the order given, and every other
/// slot its default; the map explores every combination of those.
package struct VariantChoices: Sendable {
    /// The variants chosen for each slot, in the order given.
    package private(set) var bySlot: [(slot: String, variants: [String])] = []

    /// Reads `choices` against the variants of `registry`.
    ///
    /// - Throws: `RegistryError` naming the choice and what was expected, for an unknown slot, an
    ///   unknown variant, or a variant that does not fill the slot it is given for.
    package init(_ choices: [String], registry: VariantRegistry) throws(RegistryError) {
        let app = registry.app
        for choice in choices {
            let variant: any FlowVariant.Type
            if let equals = choice.firstIndex(of: "=") {
                let slot = String(choice[..<equals])
                let id = String(choice[choice.index(after: equals)...])
                guard app.slots.contains(where: { $0.id == slot }) else {
                    throw RegistryError(
                        "--variant \(choice): \(app.name) has no slot \"\(slot)\"; expected one of: "
                            + app.slots.map(\.id).joined(separator: ", ")
                    )
                }
                guard let found = registry.variant(id: id), found.slot == slot else {
                    throw RegistryError(
                        "--variant \(choice): slot \"\(slot)\" of \(app.name) has no variant \"\(id)\"; expected one of: "
                            + registry.variants(in: slot).map { $0.id }.joined(separator: ", ")
                    )
                }
                variant = found
            } else {
                guard let found = registry.variant(id: choice) else {
                    throw RegistryError(
                        "--variant \(choice): \(app.name) has no variant \"\(choice)\"; expected one of: "
                            + registry.variants.map { $0.id }.joined(separator: ", ") + " (or slot=variant)"
                    )
                }
                variant = found
            }
            if let position = bySlot.firstIndex(where: { $0.slot == variant.slot }) {
                if !bySlot[position].variants.contains(variant.id) { bySlot[position].variants.append(variant.id) }
            } else {
                bySlot.append((variant.slot, [variant.id]))
            }
        }
    }

    /// Whether no variant was chosen.
    package var isEmpty: Bool { bySlot.isEmpty }

    /// The combinations to explore, each in the app's slot order.
    package func combinations(in registry: VariantRegistry) -> [[any FlowVariant.Type]] {
        guard !isEmpty else { return registry.combinationsCoveringEveryVariant }
        var combinations: [[any FlowVariant.Type]] = [[]]
        for slot in registry.app.slots {
            let ids = bySlot.first { $0.slot == slot.id }?.variants ?? [slot.defaultVariant]
            let variants = ids.compactMap { registry.variant(id: $0) }
            combinations = combinations.flatMap { partial in variants.map { partial + [$0] } }
        }
        return combinations
    }
}
