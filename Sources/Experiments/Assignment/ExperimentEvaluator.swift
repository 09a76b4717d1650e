/// Runs one experiment for users, with GrowthBook's `run` semantics. Everything that does not depend on the user
/// (bucket ranges, the hash seed's FNV prefix) is computed once up front.
///
/// Steps, in GrowthBook's order: fewer than two variations or paused → excluded; no usable hash attribute value →
/// excluded; filters (or, without filters, the namespace) → excluded; condition not met → excluded; hash with the
/// seed and version; no variation range contains the bucket → excluded (coverage); `force` set → that variation
/// (excluded if out of range); otherwise the hashed variation, which is an exposure.
public struct ExperimentEvaluator: Sendable {
    /// The experiment being run.
    public let definition: ExperimentDefinition
    // The precomputed parts are usable from inlinable code so that `assign` can be inlined into hot loops.
    @usableFromInline
    let variationCount: Int
    @usableFromInline
    let hashAttribute: String
    /// Whether `hashAttribute` is ASCII, so finding it among the attributes needs no byte comparison.
    @usableFromInline
    let hashAttributeIsASCII: Bool
    /// The length of `hashAttribute` in UTF-8 bytes, compared with each attribute's name before its bytes.
    @usableFromInline
    let hashAttributeUTF8Count: Int
    @usableFromInline
    let hashVersion: Int
    @usableFromInline
    let seed: PreparedHashSeed
    /// The ranges of the variations over the hash version's bucket numbers, so that choosing a variation compares
    /// integers. Explicit ranges past the last variation are left out: a bucket they would take is out of coverage.
    @usableFromInline
    let numberRanges: BucketNumberRanges
    /// The hash version's resolution (bucket = bucket number / resolution); 1 for an unknown version, never hashed.
    @usableFromInline
    let resolution: Double
    @usableFromInline
    let filters: [HashFilter]
    @usableFromInline
    let namespace: Namespace?
    @usableFromInline
    let condition: Condition?
    @usableFromInline
    let force: Int?
    /// Set when the experiment excludes everyone regardless of attributes.
    @usableFromInline
    let excludesEveryone: ExclusionReason?
    /// Whether there are no filters, namespace or condition, so only the hash decides.
    @usableFromInline
    let isUntargeted: Bool

    /// Prepares `definition` for repeated evaluation.
    public init(_ definition: ExperimentDefinition) {
        self.definition = definition
        variationCount = definition.variations.count
        hashAttribute = definition.hashAttribute
        hashAttributeIsASCII = CodeUnitString.isASCII(definition.hashAttribute)
        hashAttributeUTF8Count = definition.hashAttribute.utf8.count
        hashVersion = definition.hashVersion
        seed = PreparedHashSeed(definition.seed)
        let resolution = PreparedHashSeed.resolution(version: definition.hashVersion) ?? 1
        numberRanges = BucketNumberRanges(Array(definition.bucketRanges.prefix(variationCount)), resolution: resolution)
        self.resolution = Double(resolution)
        filters = definition.filters
        namespace = definition.namespace
        condition = definition.condition
        force = definition.force
        isUntargeted = definition.filters.isEmpty && definition.namespace == nil && definition.condition == nil
        if definition.variations.count < 2 {
            excludesEveryone = .tooFewVariations
        } else if definition.status != .active {
            excludesEveryone = .inactive
        } else {
            excludesEveryone = nil
        }
    }

    /// Buckets `attributes` into a variation: the allocation-free hot path.
    ///
    /// - Parameters:
    ///   - attributes: The user's attributes, hashed and matched against the experiment's condition.
    ///   - savedGroups: Legacy saved groups for `$inGroup` / `$notInGroup` in the condition.
    @inlinable
    public func assign(_ attributes: Attributes, savedGroups: [String: [JSONValue]] = [:]) -> VariationAssignment {
        if let excludesEveryone {
            return VariationAssignment(excludedBecause: excludesEveryone)
        }
        let found = hashAttributeIsASCII ? attributes.position(ofASCIIKey: hashAttribute, utf8Count: hashAttributeUTF8Count) : attributes.position(of: hashAttribute)
        guard let position = found else {
            return VariationAssignment(excludedBecause: .missingHashAttribute)
        }
        // The string a user is hashed by: the attribute's text, or a number as JavaScript prints it.
        let hashValue: String
        switch attributes.storage[position].value {
        case .string(let value) where !value.isEmpty:
            hashValue = value
        case .number(let number) where number != 0 && number.isFinite:
            hashValue = JavaScriptNumberFormat.string(number)
        default:
            return VariationAssignment(excludedBecause: .missingHashAttribute)
        }
        if !isUntargeted, let reason = targetingExclusion(hashValue: hashValue, attributes: attributes, savedGroups: savedGroups) {
            return VariationAssignment(excludedBecause: reason)
        }
        return bucket(hashValue: hashValue)
    }

    /// Why filters, the namespace or the condition exclude the user, if they do.
    @usableFromInline
    func targetingExclusion(hashValue: String, attributes: Attributes, savedGroups: [String: [JSONValue]]) -> ExclusionReason? {
        if !filters.isEmpty {
            if !filters.allSatisfy({ $0.admits(attributes) }) {
                return .filteredOut
            }
        } else if let namespace, !namespace.contains(hashValue: hashValue) {
            return .notInNamespace
        }
        if let condition, !condition.isSatisfied(by: attributes, savedGroups: savedGroups) {
            return .conditionNotMet
        }
        return nil
    }

    /// Hashes an eligible user and picks the variation (or coverage exclusion, or the experiment's `force`).
    @inlinable
    func bucket(hashValue: String) -> VariationAssignment {
        guard let number = seed.bucketNumber(value: hashValue, version: hashVersion) else {
            return VariationAssignment(excludedBecause: .invalidHashVersion)
        }
        let bucket = Double(number) / resolution
        guard let index = numberRanges.chooseVariation(number) else {
            // No variation's range holds the bucket (coverage), or only an explicit range past the last variation.
            return VariationAssignment(excludedBecause: .notInCoverage, bucket: bucket)
        }
        if let force {
            guard force >= 0 && force < variationCount else {
                return VariationAssignment(excludedBecause: .forcedVariationOutOfRange, bucket: bucket)
            }
            return VariationAssignment(variationIndex: force, bucket: bucket, forcedByConfig: true)
        }
        return VariationAssignment(variationIndex: index, bucket: bucket)
    }

    /// Where `attributes` land in the experiment, with the names and hash details the `assign` command reports.
    ///
    /// - Parameters:
    ///   - attributes: The user's attributes, hashed and matched against the experiment's condition.
    ///   - savedGroups: Legacy saved groups for `$inGroup` / `$notInGroup` in the condition.
    public func evaluate(_ attributes: Attributes, savedGroups: [String: [JSONValue]] = [:]) -> ExperimentEvaluation {
        let assignment = assign(attributes, savedGroups: savedGroups)
        let hashValue = assignment.exclusionReason == .missingHashAttribute || assignment.exclusionReason == .tooFewVariations
            || assignment.exclusionReason == .inactive
            ? nil : HashAttributeValue.string(for: attributes[hashAttribute])
        return ExperimentEvaluation(
            key: definition.key,
            slot: definition.slot,
            exclusionReason: assignment.exclusionReason,
            forcedByConfig: assignment.forcedByConfig,
            variationIndex: assignment.variationIndex,
            variant: assignment.variationIndex.map { definition.variations[$0] },
            hashAttribute: hashAttribute,
            hashAttributeValue: hashValue,
            bucket: assignment.bucket
        )
    }
}
