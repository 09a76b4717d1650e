/// Decodes an ``ExperimentConfig`` from parsed JSON, collecting every structural problem with its path instead of
/// stopping at the first.
///
/// Elements missing required parts are left out of the result (optional fields that fail to decode are reported and
/// treated as absent); the paths of the elements that decoded are kept so that validation can still name them by
/// their position in the file.
final class ConfigDecoder: ConfigFieldReader {
    /// The configuration and the file location of each element that decoded.
    struct Decoded {
        var config: ExperimentConfig
        var slotPaths: [JSONPath]
        var rulePaths: [JSONPath]
        var experimentPaths: [JSONPath]
    }

    /// The only format version so far.
    static let formatVersion = 1

    func decode(_ document: JSONValue) -> Decoded {
        var decoded = Decoded(config: ExperimentConfig(slots: []), slotPaths: [], rulePaths: [], experimentPaths: [])
        guard let root = object(document, at: .root) else { return decoded }
        checkKeys(root, allowed: ["$schema", "version", "app", "description", "slots", "rules", "experiments", "metrics"], at: .root)
        if let version = field(root, "version", at: .root, required: false, integer), version != Self.formatVersion {
            report(JSONPath.root.appending("version"), "unsupported format version \(version) (expected \(Self.formatVersion))")
        }
        decoded.config.app = field(root, "app", at: .root, required: false, nonEmptyString)
        _ = field(root, "description", at: .root, required: false, string)
        _ = field(root, "$schema", at: .root, required: false, string)
        for (path, element) in elements(of: root, "slots", required: true) {
            if let slot = slot(element, at: path) {
                decoded.config.slots.append(slot)
                decoded.slotPaths.append(path)
            }
        }
        for (path, element) in elements(of: root, "rules", required: false) {
            if let rule = rule(element, at: path) {
                decoded.config.rules.append(rule)
                decoded.rulePaths.append(path)
            }
        }
        for (path, element) in elements(of: root, "experiments", required: false) {
            if let experiment = experiment(element, at: path) {
                decoded.config.experiments.append(experiment)
                decoded.experimentPaths.append(path)
            }
        }
        return decoded
    }

    // MARK: - Elements

    private func slot(_ json: JSONValue, at path: JSONPath) -> ConfigSlot? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: ["id", "default", "description"], at: path)
        let id = field(object, "id", at: path, required: true, nonEmptyString)
        let defaultVariant = field(object, "default", at: path, required: true, nonEmptyString)
        _ = field(object, "description", at: path, required: false, string)
        guard let id, let defaultVariant else { return nil }
        return ConfigSlot(id: SlotID(id), defaultVariant: VariantID(defaultVariant))
    }

    private func rule(_ json: JSONValue, at path: JSONPath) -> AssignmentRule? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: ["slot", "condition", "variant", "description"], at: path)
        let slot = field(object, "slot", at: path, required: true, nonEmptyString)
        let condition = field(object, "condition", at: path, required: true, condition)
        let variant = field(object, "variant", at: path, required: true, nonEmptyString)
        _ = field(object, "description", at: path, required: false, string)
        guard let slot, let condition, let variant else { return nil }
        return AssignmentRule(slot: SlotID(slot), condition: condition, variant: VariantID(variant))
    }

    /// The fields of an experiment. `funnel` and `analysis` say what reports measure and how; their vocabulary is the
    /// event log's, so the report side reads them from the same document (VariantHost's `ReportSectionDecoder`).
    private static let experimentKeys = [
        "key", "slot", "description", "status", "variations", "weights", "coverage", "ranges", "hashAttribute",
        "hashVersion", "seed", "namespace", "filters", "condition", "force", "funnel", "analysis", "fallbackAttribute",
        "bucketVersion", "minBucketVersion", "disableStickyBucketing",
    ]

    private func experiment(_ json: JSONValue, at path: JSONPath) -> ExperimentDefinition? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: Self.experimentKeys, at: path)
        let key = field(object, "key", at: path, required: true, nonEmptyString)
        let slot = field(object, "slot", at: path, required: true, nonEmptyString)
        _ = field(object, "description", at: path, required: false, string)
        let status = field(object, "status", at: path, required: false, status) ?? .active
        let variations = field(object, "variations", at: path, required: true) { json, path in
            self.array(json, at: path, of: self.nonEmptyString)
        }
        let weights = field(object, "weights", at: path, required: false) { json, path in
            self.array(json, at: path, of: self.number)
        }
        let coverage = field(object, "coverage", at: path, required: false, number) ?? 1
        let ranges = field(object, "ranges", at: path, required: false) { json, path in
            self.array(json, at: path, of: self.bucketRange)
        }
        let hashAttribute = field(object, "hashAttribute", at: path, required: false, nonEmptyString) ?? "id"
        let hashVersion = field(object, "hashVersion", at: path, required: false, integer) ?? 2
        let seed = field(object, "seed", at: path, required: false, string)
        let namespace = field(object, "namespace", at: path, required: false, namespace)
        let filters = field(object, "filters", at: path, required: false) { json, path in
            self.array(json, at: path, of: self.filter)
        } ?? []
        let condition = field(object, "condition", at: path, required: false, condition)
        let force = field(object, "force", at: path, required: false, integer)
        let fallbackAttribute = field(object, "fallbackAttribute", at: path, required: false, nonEmptyString)
        let bucketVersion = field(object, "bucketVersion", at: path, required: false, integer) ?? 0
        let minBucketVersion = field(object, "minBucketVersion", at: path, required: false, integer) ?? 0
        let disableStickyBucketing = field(object, "disableStickyBucketing", at: path, required: false, boolean) ?? false
        // An optional field that failed to decode has been reported and counts as absent, so the experiment can
        // still be validated; without its key, slot or variations there is nothing meaningful to validate.
        guard let key, let slot, let variations else { return nil }
        return ExperimentDefinition(
            key: key, slot: SlotID(slot), variations: variations.map { VariantID(rawValue: $0) }, weights: weights,
            coverage: coverage, ranges: ranges, hashAttribute: hashAttribute, hashVersion: hashVersion, seed: seed,
            namespace: namespace, filters: filters, condition: condition, force: force, status: status,
            fallbackAttribute: fallbackAttribute, bucketVersion: bucketVersion, minBucketVersion: minBucketVersion,
            disableStickyBucketing: disableStickyBucketing
        )
    }

    private func status(_ json: JSONValue, at path: JSONPath) -> ExperimentStatus? {
        guard let text = string(json, at: path) else { return nil }
        guard let status = ExperimentStatus(rawValue: text) else {
            let expected = ExperimentStatus.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            report(path, "unknown status \"\(text)\" (expected \(expected))")
            return nil
        }
        return status
    }

    private func condition(_ json: JSONValue, at path: JSONPath) -> Condition? {
        guard case .object = json else {
            report(path, "expected a condition object, found \(Self.describe(json))")
            return nil
        }
        return Condition(json)
    }

    private func bucketRange(_ json: JSONValue, at path: JSONPath) -> BucketRange? {
        guard case .array(let bounds) = json, bounds.count == 2,
              case .number(let start) = bounds[0], case .number(let end) = bounds[1]
        else {
            report(path, "expected a range [start, end] of two numbers, found \(Self.describe(json))")
            return nil
        }
        return BucketRange(start: start, end: end)
    }

    private func namespace(_ json: JSONValue, at path: JSONPath) -> Namespace? {
        guard case .array(let parts) = json, parts.count == 3, case .string(let id) = parts[0],
              case .number(let start) = parts[1], case .number(let end) = parts[2]
        else {
            report(path, "expected [id, start, end] (a string and two numbers), found \(Self.describe(json))")
            return nil
        }
        return Namespace(id: id, start: start, end: end)
    }

    private func filter(_ json: JSONValue, at path: JSONPath) -> HashFilter? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: ["attribute", "seed", "hashVersion", "ranges"], at: path)
        let attribute = field(object, "attribute", at: path, required: false, nonEmptyString) ?? "id"
        let seed = field(object, "seed", at: path, required: false, string) ?? ""
        let hashVersion = field(object, "hashVersion", at: path, required: false, integer) ?? 2
        let ranges = field(object, "ranges", at: path, required: true) { json, path in
            self.array(json, at: path, of: self.bucketRange)
        }
        guard let ranges else { return nil }
        return HashFilter(attribute: attribute, seed: seed, hashVersion: hashVersion, ranges: ranges)
    }
}
