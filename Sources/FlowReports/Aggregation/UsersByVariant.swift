/// An experiment's counted users grouped by the variant of their first exposure, made in one pass over every
/// exposed user.
///
/// Each variant's tally and paths then read that variant's users alone: a report's work grows with users plus
/// variants, where asking every user for each variant would grow with their product.
struct UsersByVariant: Sendable {
    /// For each variant, in ``ExperimentExposures``' numbering, the positions of its counted users in ascending
    /// order: exposed to that variant alone and not set aside to be counted again.
    private(set) var positions: [[Int]]
    /// Users exposed to more than one variant (and not set aside), who are in no group.
    private(set) var multiVariantUsers = 0
    /// How many user records the grouping read: one per exposed user.
    private(set) var recordsRead = 0

    /// Groups `users` among `variantCount` variants.
    init(_ users: SegmentedArray<ExposedUser>, variantCount: Int) {
        positions = Array(repeating: [], count: variantCount)
        // By position, so that no user's whole record is copied to read three fields of it.
        for position in users.indices {
            recordsRead += 1
            guard !users[position].isForgotten else { continue }
            if users[position].isMultiVariant {
                multiVariantUsers += 1
            } else {
                positions[users[position].variantIndex].append(position)
            }
        }
    }
}
