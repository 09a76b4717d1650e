/// Checks a decoded configuration for mistakes a JSON structure cannot express: unknown or misplaced variants,
/// duplicates, inconsistent weights, out-of-range numbers and unknown condition operators.
struct ConfigValidator {
    /// Validation is stricter than GrowthBook's runtime fallback (which accepts sums in 0.99...1.01).
    static let weightSumTolerance = 1e-6

    let config: ExperimentConfig
    let catalog: VariantCatalog
    let slotPaths: [JSONPath]
    let rulePaths: [JSONPath]
    let experimentPaths: [JSONPath]
    private(set) var issues: [ConfigIssue] = []

    /// Validates `config`, naming elements by `…Paths` (their location in the file), or by position when omitted.
    init(config: ExperimentConfig, catalog: VariantCatalog, slotPaths: [JSONPath]? = nil, rulePaths: [JSONPath]? = nil, experimentPaths: [JSONPath]? = nil) {
        self.config = config
        self.catalog = catalog
        self.slotPaths = slotPaths ?? config.slots.indices.map { JSONPath.root.appending("slots").appending($0) }
        self.rulePaths = rulePaths ?? config.rules.indices.map { JSONPath.root.appending("rules").appending($0) }
        self.experimentPaths = experimentPaths ?? config.experiments.indices.map { JSONPath.root.appending("experiments").appending($0) }
    }

    mutating func validate() -> [ConfigIssue] {
        validateSlots()
        for (rule, path) in zip(config.rules, rulePaths) {
            validate(rule, at: path)
        }
        // Keys are compared by code units, as GrowthBook does: "é" and "e\u{301}" are two experiments.
        var firstPathByKey: [CodeUnitKey: JSONPath] = [:]
        for (experiment, path) in zip(config.experiments, experimentPaths) {
            if let first = firstPathByKey[CodeUnitKey(experiment.key)] {
                report(path.appending("key"), "duplicate experiment key \"\(experiment.key)\" (also at \(first))")
            } else {
                firstPathByKey[CodeUnitKey(experiment.key)] = path
            }
            validate(experiment, at: path)
        }
        return issues
    }

    private mutating func report(_ path: JSONPath, _ message: String) {
        issues.append(ConfigIssue(path: path, message: message))
    }

    /// Reports a name longer than an event field may hold: it would be logged in events the reader refuses.
    private mutating func checkLength(of name: String, at path: JSONPath) {
        let bytes = name.utf8.count
        if bytes > ConfigLimits.maximumNameBytes {
            report(path, "\(bytes) bytes long; at most \(ConfigLimits.maximumNameBytes), as it is logged in events")
        }
    }

    private var declaredSlots: String {
        config.slots.map { $0.id.rawValue }.joined(separator: ", ")
    }

    private var registeredVariants: String {
        catalog.variants.map(\.rawValue).joined(separator: ", ")
    }

    private mutating func validateSlots() {
        var firstPathBySlot: [SlotID: JSONPath] = [:]
        for (slot, path) in zip(config.slots, slotPaths) {
            if let first = firstPathBySlot[slot.id] {
                report(path.appending("id"), "duplicate slot \"\(slot.id)\" (also at \(first))")
            } else {
                firstPathBySlot[slot.id] = path
            }
            checkLength(of: slot.id.rawValue, at: path.appending("id"))
            checkVariant(slot.defaultVariant, fills: slot.id, at: path.appending("default"))
        }
    }

    /// Reports an unknown slot and returns whether `slot` is declared.
    private mutating func checkSlotDeclared(_ slot: SlotID, at path: JSONPath) -> Bool {
        guard config.slot(slot) != nil else {
            report(path, "unknown slot \"\(slot)\" (declared: \(declaredSlots))")
            return false
        }
        return true
    }

    private mutating func checkVariant(_ variant: VariantID, fills slot: SlotID, at path: JSONPath) {
        guard let registeredSlot = catalog.slot(of: variant) else {
            report(path, "unknown variant \"\(variant)\" (registered: \(registeredVariants))")
            return
        }
        if registeredSlot != slot {
            report(path, "variant \"\(variant)\" fills slot \"\(registeredSlot)\", not \"\(slot)\"")
        }
    }

    private mutating func checkCondition(_ condition: Condition?, at path: JSONPath) {
        for operatorPath in condition?.unknownOperators ?? [] {
            let name: String
            if case .key(let key)? = operatorPath.components.last { name = key } else { name = "" }
            report(path.appending(operatorPath), "unknown operator \"\(name)\"")
        }
        for issue in condition?.issues ?? [] {
            report(path.appending(issue.path), issue.message)
        }
    }

    private mutating func validate(_ rule: AssignmentRule, at path: JSONPath) {
        if checkSlotDeclared(rule.slot, at: path.appending("slot")) {
            checkVariant(rule.variant, fills: rule.slot, at: path.appending("variant"))
        }
        checkCondition(rule.condition, at: path.appending("condition"))
    }

    private mutating func validate(_ experiment: ExperimentDefinition, at path: JSONPath) {
        checkLength(of: experiment.key, at: path.appending("key"))
        checkLength(of: experiment.hashAttribute, at: path.appending("hashAttribute"))
        let slotDeclared = checkSlotDeclared(experiment.slot, at: path.appending("slot"))
        validateVariations(of: experiment, at: path, checkSlots: slotDeclared)
        validateWeights(of: experiment, at: path)
        let coverage = experiment.coverage
        if !(0...1).contains(coverage) {
            report(path.appending("coverage"), "coverage \(JavaScriptNumberFormat.string(coverage)) is outside 0...1")
        }
        if let ranges = experiment.ranges {
            if ranges.count != experiment.variations.count {
                report(path.appending("ranges"), "\(ranges.count) ranges for \(experiment.variations.count) variations")
            }
            checkRanges(ranges, at: path.appending("ranges"))
        }
        checkHashVersion(experiment.hashVersion, at: path.appending("hashVersion"))
        if experiment.bucketVersion < 0 {
            report(path.appending("bucketVersion"), "bucketVersion \(experiment.bucketVersion) is negative")
        }
        if experiment.minBucketVersion > experiment.bucketVersion {
            report(path.appending("minBucketVersion"), "minBucketVersion \(experiment.minBucketVersion) is above bucketVersion \(experiment.bucketVersion), which would exclude every user with a sticky assignment")
        }
        if let force = experiment.force, !experiment.variations.indices.contains(force) {
            report(path.appending("force"), "force \(force) is out of range for \(experiment.variations.count) variations (expected 0...\(max(experiment.variations.count - 1, 0)))")
        }
        if let namespace = experiment.namespace {
            checkRange(start: namespace.start, end: namespace.end, at: path.appending("namespace"))
        }
        for (index, filter) in experiment.filters.enumerated() {
            let filterPath = path.appending("filters").appending(index)
            checkHashVersion(filter.hashVersion, at: filterPath.appending("hashVersion"))
            checkRanges(filter.ranges, at: filterPath.appending("ranges"))
        }
        checkCondition(experiment.condition, at: path.appending("condition"))
    }

    private mutating func validateVariations(of experiment: ExperimentDefinition, at path: JSONPath, checkSlots: Bool) {
        let variationsPath = path.appending("variations")
        if experiment.variations.count < 2 {
            report(variationsPath, "\(experiment.variations.count) variation\(experiment.variations.count == 1 ? "" : "s"); an experiment needs at least 2")
        }
        var firstIndexByVariant: [VariantID: Int] = [:]
        for (index, variant) in experiment.variations.enumerated() {
            if let first = firstIndexByVariant[variant] {
                report(variationsPath.appending(index), "variant \"\(variant)\" is already variation \(first)")
                continue
            }
            firstIndexByVariant[variant] = index
            if checkSlots {
                checkVariant(variant, fills: experiment.slot, at: variationsPath.appending(index))
            } else if catalog.slot(of: variant) == nil {
                report(variationsPath.appending(index), "unknown variant \"\(variant)\" (registered: \(registeredVariants))")
            }
        }
    }

    private mutating func validateWeights(of experiment: ExperimentDefinition, at path: JSONPath) {
        guard let weights = experiment.weights else { return }
        let weightsPath = path.appending("weights")
        if weights.count != experiment.variations.count {
            report(weightsPath, "\(weights.count) weights for \(experiment.variations.count) variations")
        }
        var allNonNegative = true
        for (index, weight) in weights.enumerated() where !(weight >= 0) {
            report(weightsPath.appending(index), "weight \(JavaScriptNumberFormat.string(weight)) is negative")
            allNonNegative = false
        }
        let sum = weights.reduce(0, +)
        if allNonNegative, abs(sum - 1) > Self.weightSumTolerance {
            report(weightsPath, "weights sum to \(JavaScriptNumberFormat.string(sum)), expected 1")
        }
    }

    private mutating func checkHashVersion(_ version: Int, at path: JSONPath) {
        if version != 1 && version != 2 {
            report(path, "hashVersion \(version) is not supported (expected 1 or 2)")
        }
    }

    private mutating func checkRanges(_ ranges: [BucketRange], at path: JSONPath) {
        for (index, range) in ranges.enumerated() {
            checkRange(start: range.start, end: range.end, at: path.appending(index))
        }
    }

    private mutating func checkRange(start: Double, end: Double, at path: JSONPath) {
        if !(0 <= start && start < end && end <= 1) {
            report(path, "range [\(JavaScriptNumberFormat.string(start)), \(JavaScriptNumberFormat.string(end))) is invalid (expected 0 <= start < end <= 1)")
        }
    }
}
