/// The bare outcome of bucketing one user into one experiment: a plain value with no references, so computing it
/// involves no reference counting. ``ExperimentEvaluation`` adds the names and hash details for reporting.
public struct VariationAssignment: Sendable, Hashable {
    /// The variation index, or `nil` when the user is excluded.
    public var variationIndex: Int?
    /// Why the user is excluded, or `nil` when they are in the experiment.
    public var exclusionReason: ExclusionReason?
    /// The user's hash in `[0, 1)`, or `nil` when the user was not hashed.
    public var bucket: Double?
    /// Whether the variation comes from the experiment's `force`.
    public var forcedByConfig: Bool

    /// An assignment to `variationIndex`.
    @inlinable
    public init(variationIndex: Int, bucket: Double?, forcedByConfig: Bool = false) {
        self.variationIndex = variationIndex
        self.exclusionReason = nil
        self.bucket = bucket
        self.forcedByConfig = forcedByConfig
    }

    /// An exclusion, with the bucket when the user had been hashed.
    @inlinable
    public init(excludedBecause reason: ExclusionReason, bucket: Double? = nil) {
        self.variationIndex = nil
        self.exclusionReason = reason
        self.bucket = bucket
        self.forcedByConfig = false
    }
}
