/// The variant a session runs in one slot, and how it was chosen.
public struct SlotAssignment: Sendable, Hashable {
    /// How a variant was chosen.
    public enum Source: Sendable, Hashable {
        /// Hashed into the variant by an experiment: an exposure.
        case experiment(Exposure)
        /// Named on the command line (`--variant`).
        case forced
        /// Forced by the experiment's config (`force`).
        case forcedByExperiment(experiment: String)
        /// Chosen by a non-random targeting rule.
        case rule(description: String)
        /// The slot's default: the user is in no experiment for it.
        case slotDefault
    }

    /// The details of an experiment's hashing that put a user in a variant.
    public struct Exposure: Sendable, Hashable {
        /// The experiment's key.
        public var experiment: String
        /// Index of the variation in the experiment's list.
        public var variationIndex: Int
        /// The attribute that was hashed, such as `id`.
        public var hashAttribute: String
        /// Its value.
        public var hashedValue: String
        /// The hash bucket, in 0..<1.
        public var bucket: Double

        /// Creates exposure details.
        public init(experiment: String, variationIndex: Int, hashAttribute: String, hashedValue: String, bucket: Double) {
            self.experiment = experiment
            self.variationIndex = variationIndex
            self.hashAttribute = hashAttribute
            self.hashedValue = hashedValue
            self.bucket = bucket
        }
    }

    /// The slot.
    public var slot: String
    /// The chosen variant's identifier.
    public var variant: String
    /// How it was chosen.
    public var source: Source

    /// Creates an assignment.
    public init(slot: String, variant: String, source: Source) {
        self.slot = slot
        self.variant = variant
        self.source = source
    }

    /// The experiment that chose the variant, by hashing or by its `force`, if any.
    public var experiment: String? {
        switch source {
        case .experiment(let exposure): exposure.experiment
        case .forcedByExperiment(let experiment): experiment
        case .forced, .rule, .slotDefault: nil
        }
    }
}
