import Experiments
import VariantKit

/// One combination of variants that users of a batch were assigned, looked up once.
struct VariantCombination {
    /// The identifiers of the variants, in the order of the assignments.
    var variants: [String]
    /// The variants themselves.
    var selection: VariantSelection
    /// How users behave on their screens.
    var behaviors: ScreenBehaviorTable

    init(variants: [String], of assignments: [SlotAssignment], registry: VariantRegistry, behavior: BehaviorModel) throws(HostError) {
        self.variants = variants
        do {
            selection = try registry.selection(for: assignments)
        } catch {
            throw .registry(error)
        }
        behaviors = ScreenBehaviorTable(behavior.screens(forVariants: variants))
    }
}
