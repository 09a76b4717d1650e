/// Why a user is not in an experiment. Raw values are the stable strings of the JSON output.
public enum ExclusionReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// The experiment is paused.
    case inactive
    /// The experiment has fewer than two variations.
    case tooFewVariations = "too_few_variations"
    /// The user has no usable value for the hash attribute (missing, empty, zero, or not a string or number).
    case missingHashAttribute = "missing_hash_attribute"
    /// The user failed one of the experiment's hash filters.
    case filteredOut = "filtered_out"
    /// The user's namespace hash falls outside the experiment's slice.
    case notInNamespace = "not_in_namespace"
    /// The user's attributes do not satisfy the experiment's condition.
    case conditionNotMet = "condition_not_met"
    /// The experiment's hash version is neither 1 nor 2.
    case invalidHashVersion = "invalid_hash_version"
    /// The user's bucket falls outside every variation's range (coverage below 1).
    case notInCoverage = "not_in_coverage"
    /// The experiment forces a variation index that does not exist.
    case forcedVariationOutOfRange = "forced_variation_out_of_range"
    /// The user holds a sticky assignment from a bucket version below the experiment's `minBucketVersion`.
    case stickyBucketVersionBlocked = "sticky_bucket_version_blocked"
    /// The caller forced the slot's variant, so the experiment was not consulted.
    case slotForced = "slot_forced"
    /// A rule decided the slot before experiments were consulted.
    case slotDecidedByRule = "slot_decided_by_rule"
    /// An earlier experiment on the same slot already included the user.
    case slotTakenByEarlierExperiment = "slot_taken_by_earlier_experiment"
}
