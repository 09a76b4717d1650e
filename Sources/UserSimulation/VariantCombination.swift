import Experiments
import VariantHost
import VariantKit

/// One combination of slots and variants that users of a batch were assigned, looked up once.
struct VariantCombination {
    /// The slot and variant of every assignment, in order.
    var slotsAndVariants: [(slot: String, variant: String)]
    /// The variants themselves.
    var selection: VariantSelection
    /// How users behave on their screens.
    var behaviors: ScreenBehaviorTable
    /// The encoded `session_started` properties of its users, by their draw of attribute values
    /// (see `BehaviorModel.drawAttributes`), once a user has made that draw; empty when the model
    /// has too many draws to keep them all.
    var startProperties: [[UInt8]?]

    init(
        of assignments: [SlotAssignment],
        registry: VariantRegistry,
        behavior: BehaviorModel,
        attributeDraws: Int?
    ) throws(HostError) {
        slotsAndVariants = assignments.map { ($0.slot.rawValue, $0.variant.rawValue) }
        startProperties = Array(repeating: nil, count: attributeDraws ?? 0)
        let variants = assignments.map(\.variant.rawValue)
        do {
            selection = try registry.selection(for: assignments)
        } catch {
            throw .registry(error)
        }
        behaviors = ScreenBehaviorTable(behavior.screens(forVariants: variants))
    }

    /// Whether `assignments` choose this combination's variants for its slots, in the same order.
    func matches(_ assignments: [SlotAssignment]) -> Bool {
        guard assignments.count == slotsAndVariants.count else { return false }
        for index in assignments.indices {
            guard assignments[index].slot.rawValue == slotsAndVariants[index].slot,
                  assignments[index].variant.rawValue == slotsAndVariants[index].variant
            else { return false }
        }
        return true
    }
}
