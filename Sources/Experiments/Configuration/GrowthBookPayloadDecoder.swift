/// Reads a GrowthBook SDK payload (`{"features": {...}}`) as a Switchyard configuration, collecting every problem
/// with its JSON path.
///
/// Each mapped feature becomes a slot: its `defaultValue` the slot's default variant, its force rules
/// ``AssignmentRule``s (with `condition`, `filters` and a ``Rollout`` for `coverage`/`range`), its experiment rules
/// ``ExperimentDefinition``s, tried in the payload's rule order (``ExperimentConfig/steps``). Variation values
/// become variant ids through the mapping, stated in the payload under a top-level `"switchyard"` key (which the
/// SDKs ignore):
///
/// ```json
/// {"features": {...},
///  "switchyard": {
///    "app": "onboarding",
///    "features": {"onboarding-order": {"slot": "auth-flow",
///                                      "variants": {"control": "signup-before-profile", "profile-first": "signup-after-profile"}}},
///    "slots": [{"id": "app-shell", "default": "phone"}]}}
/// ```
///
/// A string value is looked up as itself, any other value by its JSON text (`"1"`, `"true"`). Without a
/// `"switchyard"` key every feature is a slot of the same name and its string values are variant ids. With one,
/// only the features it lists are read; its `slots` declares slots no feature decides, and its `app` names the
/// hosted app, as a Switchyard config's top-level `app` does. Refused, with the path:
/// prerequisites (`parentConditions`), contextual bandits, `passthrough` variations, saved groups and encrypted
/// payloads.
final class GrowthBookPayloadDecoder {
    private(set) var issues: [ConfigIssue] = []

    /// Whether `document` is a GrowthBook payload rather than Switchyard's own format: an object with `features`
    /// and no `slots`.
    static func isPayload(_ document: JSONValue) -> Bool {
        guard case .object(let root) = document else { return false }
        return root.contains("features") && !root.contains("slots")
    }

    /// What a feature maps to.
    private struct FeatureMapping {
        var slot: SlotID
        /// Value text → variant; `nil` means string values are variant ids.
        var variants: [CodeUnitKey: VariantID]?
        var path: JSONPath
    }

    func decode(_ document: JSONValue) -> ConfigDecoder.Decoded {
        var decoded = ConfigDecoder.Decoded(config: ExperimentConfig(slots: []), slotPaths: [], rulePaths: [], experimentPaths: [])
        guard case .object(let root) = document else { return decoded }
        if root.contains("encryptedFeatures") {
            report(JSONPath.root.appending("encryptedFeatures"), "encrypted payloads are not supported; give the decrypted features")
        }
        if let groups = root["savedGroups"], groups.objectValue?.isEmpty != true {
            report(JSONPath.root.appending("savedGroups"), "saved groups are not supported (a condition using them would never match)")
        }
        let mappingPath = JSONPath.root.appending("switchyard")
        var mappings: [CodeUnitKey: FeatureMapping]?
        if let section = root["switchyard"] {
            mappings = readMappings(section, at: mappingPath, into: &decoded)
        }
        let featuresPath = JSONPath.root.appending("features")
        guard case .object(let features)? = root["features"] else {
            report(featuresPath, "expected an object of features, found \(ConfigDecoder.describe(root["features"] ?? .null))")
            return decoded
        }
        var slotOwners: [SlotID: JSONPath] = [:]
        for (featureKey, feature) in features.members {
            let path = featuresPath.appending(featureKey)
            let mapping: FeatureMapping
            if let mappings {
                guard let mapped = mappings[CodeUnitKey(featureKey)] else { continue }
                mapping = mapped
            } else {
                mapping = FeatureMapping(slot: SlotID(featureKey), variants: nil, path: path)
            }
            if let owner = slotOwners[mapping.slot] {
                report(path, "feature maps to slot \"\(mapping.slot)\", which \(owner) already decides")
                continue
            }
            slotOwners[mapping.slot] = path
            decodeFeature(featureKey, feature, at: path, mapping: mapping, into: &decoded)
        }
        if let mappings {
            for (key, mapping) in mappings where features[key.string] == nil {
                report(mapping.path, "no feature \"\(key.string)\" in the payload")
            }
        }
        return decoded
    }

    // MARK: - Mapping

    private func readMappings(_ section: JSONValue, at path: JSONPath, into decoded: inout ConfigDecoder.Decoded) -> [CodeUnitKey: FeatureMapping] {
        var mappings: [CodeUnitKey: FeatureMapping] = [:]
        guard let object = object(section, at: path) else { return mappings }
        checkKeys(object, allowed: ["app", "features", "slots"], at: path)
        if let app = object["app"] {
            decoded.config.app = string(app, at: path.appending("app"))
        }
        if let slots = object["slots"] {
            let slotsPath = path.appending("slots")
            for (index, slot) in (array(slots, at: slotsPath) ?? []).enumerated() {
                let slotPath = slotsPath.appending(index)
                guard let slotObject = self.object(slot, at: slotPath) else { continue }
                checkKeys(slotObject, allowed: ["id", "default"], at: slotPath)
                guard let id = string(slotObject["id"], at: slotPath.appending("id")),
                      let defaultVariant = string(slotObject["default"], at: slotPath.appending("default"))
                else { continue }
                decoded.config.slots.append(ConfigSlot(id: SlotID(id), defaultVariant: VariantID(defaultVariant)))
                decoded.slotPaths.append(slotPath)
            }
        }
        let featuresPath = path.appending("features")
        guard let features = object["features"] else {
            report(featuresPath, "missing required field")
            return mappings
        }
        for (featureKey, entry) in self.object(features, at: featuresPath)?.members ?? [] {
            let entryPath = featuresPath.appending(featureKey)
            guard let entryObject = self.object(entry, at: entryPath) else { continue }
            checkKeys(entryObject, allowed: ["slot", "variants"], at: entryPath)
            let slot = entryObject["slot"].map { string($0, at: entryPath.appending("slot")) } ?? featureKey
            var variants: [CodeUnitKey: VariantID]?
            if let variantsJSON = entryObject["variants"] {
                var table: [CodeUnitKey: VariantID] = [:]
                for (valueText, variant) in self.object(variantsJSON, at: entryPath.appending("variants"))?.members ?? [] {
                    if let id = string(variant, at: entryPath.appending("variants").appending(valueText)) {
                        table[CodeUnitKey(valueText)] = VariantID(id)
                    }
                }
                variants = table
            }
            guard let slot else { continue }
            mappings[CodeUnitKey(featureKey)] = FeatureMapping(slot: SlotID(slot), variants: variants, path: entryPath)
        }
        return mappings
    }

    /// The variant a feature value maps to, or nil with the problem reported at `path`.
    private func variant(for value: JSONValue, at path: JSONPath, mapping: FeatureMapping) -> VariantID? {
        let text = value.stringValue ?? value.jsonText
        if let variants = mapping.variants {
            guard let variant = variants[CodeUnitKey(text)] else {
                report(path, "value \(value.jsonText) has no variant (add \"\(text)\" to \(mapping.path.appending("variants")))")
                return nil
            }
            return variant
        }
        guard case .string(let id) = value, !id.isEmpty else {
            report(path, "value \(value.jsonText) is not a variant id; map it in a \"switchyard\" section")
            return nil
        }
        return VariantID(id)
    }

    // MARK: - Features and rules

    private func decodeFeature(
        _ featureKey: String, _ json: JSONValue, at path: JSONPath, mapping: FeatureMapping, into decoded: inout ConfigDecoder.Decoded
    ) {
        guard let feature = object(json, at: path) else { return }
        let defaultValue = feature["defaultValue"] ?? .null
        if let defaultVariant = variant(for: defaultValue, at: path.appending("defaultValue"), mapping: mapping) {
            decoded.config.slots.append(ConfigSlot(id: mapping.slot, defaultVariant: defaultVariant))
            decoded.slotPaths.append(path)
        }
        var steps: [AssignmentStep] = []
        let rulesPath = path.appending("rules")
        let rules: [JSONValue] = feature["rules"].flatMap { array($0, at: rulesPath) } ?? []
        for (index, rule) in rules.enumerated() {
            let rulePath = rulesPath.appending(index)
            guard let ruleObject = object(rule, at: rulePath) else { continue }
            if let parents = ruleObject["parentConditions"], parents.arrayValue?.isEmpty != true {
                report(rulePath.appending("parentConditions"), "prerequisites are not supported")
                continue
            }
            if ruleObject.contains("contextualBanditRef") || ruleObject.contains("contextualVariations") {
                report(rulePath, "contextual bandit rules are not supported")
                continue
            }
            if let force = ruleObject["force"] {
                guard let rule = forceRule(featureKey, ruleObject, force: force, at: rulePath, mapping: mapping) else { continue }
                steps.append(.rule(decoded.config.rules.count))
                decoded.config.rules.append(rule)
                decoded.rulePaths.append(rulePath)
            } else if ruleObject.contains("variations") {
                guard let experiment = experimentRule(featureKey, ruleObject, at: rulePath, mapping: mapping) else { continue }
                steps.append(.experiment(decoded.config.experiments.count))
                decoded.config.experiments.append(experiment)
                decoded.experimentPaths.append(rulePath)
            }
            // A rule with neither force nor variations never applies, as in the SDKs.
        }
        decoded.config.steps[mapping.slot] = steps
    }

    private func forceRule(_ featureKey: String, _ rule: JSONObject, force: JSONValue, at path: JSONPath, mapping: FeatureMapping) -> AssignmentRule? {
        let condition = rule["condition"].flatMap { parseCondition($0, at: path.appending("condition")) } ?? .always
        let filters = rule["filters"].map { parseFilters($0, at: path.appending("filters")) } ?? []
        var rollout: Rollout?
        if rule.contains("coverage") || rule.contains("range") {
            rollout = Rollout(
                hashAttribute: string(rule["hashAttribute"], at: path.appending("hashAttribute"), default: "id") ?? "id",
                fallbackAttribute: rule["fallbackAttribute"].flatMap { string($0, at: path.appending("fallbackAttribute")) },
                seed: nonEmpty(string(rule["seed"], at: path.appending("seed"), default: "")) ?? featureKey,
                hashVersion: integer(rule["hashVersion"], at: path.appending("hashVersion")) ?? 1,
                coverage: rule["coverage"].flatMap { number($0, at: path.appending("coverage")) },
                range: rule["range"].flatMap { range($0, at: path.appending("range")) }
            )
        }
        guard let variant = variant(for: force, at: path.appending("force"), mapping: mapping) else { return nil }
        return AssignmentRule(slot: mapping.slot, condition: condition, variant: variant, filters: filters, rollout: rollout)
    }

    private func experimentRule(_ featureKey: String, _ rule: JSONObject, at path: JSONPath, mapping: FeatureMapping) -> ExperimentDefinition? {
        let variationsPath = path.appending("variations")
        guard let values = array(rule["variations"] ?? .null, at: variationsPath) else { return nil }
        var variants: [VariantID] = []
        for (index, value) in values.enumerated() {
            if let variant = variant(for: value, at: variationsPath.appending(index), mapping: mapping) { variants.append(variant) }
        }
        var variationKeys: [String]?
        if let meta = rule["meta"], let entries = array(meta, at: path.appending("meta")) {
            variationKeys = entries.enumerated().map { index, entry in
                if entry.objectValue?["passthrough"] == .bool(true) {
                    report(path.appending("meta").appending(index).appending("passthrough"), "passthrough variations are not supported")
                }
                return entry.objectValue?["key"]?.stringValue ?? String(index)
            }
        }
        let namespace = rule["namespace"].flatMap { parseNamespace($0, at: path.appending("namespace")) }
        guard variants.count == values.count else { return nil }
        return ExperimentDefinition(
            key: nonEmpty(string(rule["key"], at: path.appending("key"), default: "")) ?? featureKey,
            slot: mapping.slot,
            variations: variants,
            weights: rule["weights"].flatMap { json in array(json, at: path.appending("weights"))?.enumerated().compactMap { number($1, at: path.appending("weights").appending($0)) } },
            coverage: rule["coverage"].flatMap { number($0, at: path.appending("coverage")) } ?? 1,
            ranges: rule["ranges"].flatMap { json in array(json, at: path.appending("ranges"))?.enumerated().compactMap { range($1, at: path.appending("ranges").appending($0)) } },
            hashAttribute: string(rule["hashAttribute"], at: path.appending("hashAttribute"), default: "id") ?? "id",
            hashVersion: integer(rule["hashVersion"], at: path.appending("hashVersion")) ?? 1,
            seed: string(rule["seed"], at: path.appending("seed"), default: ""),
            namespace: namespace,
            filters: rule["filters"].map { parseFilters($0, at: path.appending("filters")) } ?? [],
            condition: rule["condition"].flatMap { parseCondition($0, at: path.appending("condition")) },
            fallbackAttribute: rule["fallbackAttribute"].flatMap { string($0, at: path.appending("fallbackAttribute")) },
            bucketVersion: integer(rule["bucketVersion"], at: path.appending("bucketVersion")) ?? 0,
            minBucketVersion: integer(rule["minBucketVersion"], at: path.appending("minBucketVersion")) ?? 0,
            disableStickyBucketing: rule["disableStickyBucketing"]?.boolValue ?? false,
            variationKeys: variationKeys
        )
    }

    // MARK: - Values

    private func report(_ path: JSONPath, _ message: String) {
        issues.append(ConfigIssue(path: path, message: message))
    }

    private func object(_ json: JSONValue, at path: JSONPath) -> JSONObject? {
        guard case .object(let object) = json else {
            report(path, "expected an object, found \(ConfigDecoder.describe(json))")
            return nil
        }
        return object
    }

    private func array(_ json: JSONValue, at path: JSONPath) -> [JSONValue]? {
        guard case .array(let elements) = json else {
            report(path, "expected an array, found \(ConfigDecoder.describe(json))")
            return nil
        }
        return elements
    }

    private func string(_ json: JSONValue?, at path: JSONPath, default defaultValue: String? = nil) -> String? {
        guard let json else { return defaultValue }
        guard case .string(let text) = json else {
            report(path, "expected a string, found \(ConfigDecoder.describe(json))")
            return defaultValue
        }
        return text
    }

    private func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }

    private func number(_ json: JSONValue, at path: JSONPath) -> Double? {
        guard case .number(let number) = json else {
            report(path, "expected a number, found \(ConfigDecoder.describe(json))")
            return nil
        }
        return number
    }

    private func integer(_ json: JSONValue?, at path: JSONPath) -> Int? {
        guard let json else { return nil }
        guard case .number(let number) = json, number.rounded() == number, abs(number) < 1e15 else {
            report(path, "expected an integer, found \(ConfigDecoder.describe(json))")
            return nil
        }
        return Int(number)
    }

    private func range(_ json: JSONValue, at path: JSONPath) -> BucketRange? {
        guard case .array(let bounds) = json, bounds.count == 2, case .number(let start) = bounds[0], case .number(let end) = bounds[1] else {
            report(path, "expected a range [start, end] of two numbers, found \(ConfigDecoder.describe(json))")
            return nil
        }
        return BucketRange(start: start, end: end)
    }

    private func parseNamespace(_ json: JSONValue, at path: JSONPath) -> Namespace? {
        guard case .array(let parts) = json, parts.count == 3, case .string(let id) = parts[0],
              case .number(let start) = parts[1], case .number(let end) = parts[2]
        else {
            report(path, "expected [id, start, end] (a string and two numbers), found \(ConfigDecoder.describe(json))")
            return nil
        }
        return Namespace(id: id, start: start, end: end)
    }

    private func parseCondition(_ json: JSONValue, at path: JSONPath) -> Condition? {
        guard case .object = json else {
            report(path, "expected a condition object, found \(ConfigDecoder.describe(json))")
            return nil
        }
        return Condition(json)
    }

    private func parseFilters(_ json: JSONValue, at path: JSONPath) -> [HashFilter] {
        (array(json, at: path) ?? []).enumerated().compactMap { index, element in
            let filterPath = path.appending(index)
            guard let filter = object(element, at: filterPath) else { return nil }
            let ranges = (filter["ranges"].flatMap { array($0, at: filterPath.appending("ranges")) } ?? [])
                .enumerated().compactMap { range($1, at: filterPath.appending("ranges").appending($0)) }
            return HashFilter(
                attribute: string(filter["attribute"], at: filterPath.appending("attribute"), default: "id") ?? "id",
                seed: string(filter["seed"], at: filterPath.appending("seed"), default: "") ?? "",
                hashVersion: integer(filter["hashVersion"], at: filterPath.appending("hashVersion")) ?? 2,
                ranges: ranges
            )
        }
    }

    private func checkKeys(_ object: JSONObject, allowed: [String], at path: JSONPath) {
        for key in object.keys where !allowed.contains(key) {
            report(path.appending(key), "unknown field (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }
}
