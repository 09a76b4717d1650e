extension ExperimentEvaluator {
    /// Runs the experiment for a user with GrowthBook's sticky bucketing, reading and recording the user's sticky
    /// assignments in `sticky`.
    ///
    /// Differences from ``evaluate(_:savedGroups:)``, in GrowthBook's order: the `fallbackAttribute` is hashed when
    /// the hash attribute has no usable value; a stored assignment for `<key>__<bucketVersion>` whose variation key
    /// still exists decides the variation, skipping filters, namespace, condition and coverage (the hash is still
    /// computed, and `force` still applies); a stored assignment for any bucket version below `minBucketVersion`
    /// excludes the user (`sticky_bucket_version_blocked`); a hashed assignment is recorded under the attribute that
    /// was hashed. Experiments with `disableStickyBucketing` run exactly as without a store.
    func evaluate(_ attributes: Attributes, savedGroups: [String: [JSONValue]], sticky: inout StickyBucketSession) -> ExperimentEvaluation {
        if definition.disableStickyBucketing {
            return evaluate(attributes, savedGroups: savedGroups)
        }
        func result(
            excludedBecause reason: ExclusionReason?, attribute: String = hashAttribute, hashValue: String? = nil,
            index: Int? = nil, bucket: Double? = nil, forced: Bool = false, stickyBucketUsed: Bool = false
        ) -> ExperimentEvaluation {
            ExperimentEvaluation(
                key: definition.key, slot: definition.slot, exclusionReason: reason, forcedByConfig: forced,
                variationIndex: index, variant: index.map { definition.variations[$0] }, hashAttribute: attribute,
                hashAttributeValue: hashValue, bucket: bucket, stickyBucketUsed: stickyBucketUsed
            )
        }
        if let excludesEveryone {
            return result(excludedBecause: excludesEveryone)
        }
        var attributeName = hashAttribute
        var resolvedValue = HashAttributeValue.string(for: attributes[hashAttribute])
        if resolvedValue == nil, let fallback = definition.fallbackAttribute,
           let fallbackValue = HashAttributeValue.string(for: attributes[fallback]) {
            attributeName = fallback
            resolvedValue = fallbackValue
        }
        guard let hashValue = resolvedValue else {
            return result(excludedBecause: .missingHashAttribute)
        }

        let assignments = sticky.assignments(
            hashAttribute: hashAttribute, fallbackAttribute: definition.fallbackAttribute, attributes: attributes
        )
        let versionIsBlocked = (0..<max(definition.minBucketVersion, 0)).contains { version in
            assignments[StickyBucketDocument.experimentKey(definition.key, bucketVersion: version)] != nil
        }
        let stickyExperimentKey = StickyBucketDocument.experimentKey(definition.key, bucketVersion: definition.bucketVersion)
        let stickyIndex = versionIsBlocked ? nil : assignments[stickyExperimentKey].flatMap(definition.variationIndex(forKey:))

        if stickyIndex == nil, !isUntargeted,
           let reason = targetingExclusion(hashValue: hashValue, attributes: attributes, savedGroups: savedGroups) {
            return result(excludedBecause: reason, attribute: attributeName, hashValue: hashValue)
        }
        guard let number = seed.bucketNumber(value: hashValue, version: hashVersion) else {
            return result(excludedBecause: .invalidHashVersion, attribute: attributeName, hashValue: hashValue)
        }
        let bucket = Double(number) / resolution
        if versionIsBlocked {
            return result(
                excludedBecause: .stickyBucketVersionBlocked, attribute: attributeName, hashValue: hashValue,
                bucket: bucket, stickyBucketUsed: true
            )
        }
        guard let index = stickyIndex ?? numberRanges.chooseVariation(number), index < variationCount else {
            return result(excludedBecause: .notInCoverage, attribute: attributeName, hashValue: hashValue, bucket: bucket)
        }
        if let force {
            guard force >= 0 && force < variationCount else {
                return result(excludedBecause: .forcedVariationOutOfRange, attribute: attributeName, hashValue: hashValue, bucket: bucket)
            }
            return result(excludedBecause: nil, attribute: attributeName, hashValue: hashValue, index: force, bucket: bucket, forced: true)
        }
        sticky.record(
            attributeName: attributeName, attributeValue: hashValue,
            experimentKey: stickyExperimentKey, variationKey: definition.variationKey(at: index)
        )
        return result(
            excludedBecause: nil, attribute: attributeName, hashValue: hashValue, index: index, bucket: bucket,
            stickyBucketUsed: stickyIndex != nil
        )
    }
}
