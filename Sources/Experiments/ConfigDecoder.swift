/// Decodes an ``ExperimentConfig`` from parsed JSON, collecting every structural problem with its path instead of
/// stopping at the first.
///
/// Elements missing required parts are left out of the result (optional fields that fail to decode are reported and
/// treated as absent); the paths of the elements that decoded are kept so that validation can still name them by
/// their position in the file.
final class ConfigDecoder {
    /// The configuration and the file location of each element that decoded.
    struct Decoded {
        var config: ExperimentConfig
        var slotPaths: [JSONPath]
        var rulePaths: [JSONPath]
        var experimentPaths: [JSONPath]
    }

    /// The only format version so far.
    static let formatVersion = 1

    private(set) var issues: [ConfigIssue] = []

    func decode(_ document: JSONValue) -> Decoded {
        var decoded = Decoded(config: ExperimentConfig(slots: []), slotPaths: [], rulePaths: [], experimentPaths: [])
        guard let root = object(document, at: .root) else { return decoded }
        checkKeys(root, allowed: ["$schema", "version", "app", "description", "slots", "rules", "experiments"], at: .root)
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

    private func slot(_ json: JSONValue, at path: JSONPath) -> SlotDefinition? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: ["id", "default", "description"], at: path)
        let id = field(object, "id", at: path, required: true, nonEmptyString)
        let defaultVariant = field(object, "default", at: path, required: true, nonEmptyString)
        _ = field(object, "description", at: path, required: false, string)
        guard let id, let defaultVariant else { return nil }
        return SlotDefinition(id: SlotID(id), defaultVariant: VariantID(defaultVariant))
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
        let funnel = field(object, "funnel", at: path, required: false, funnel)
        let fallbackAttribute = field(object, "fallbackAttribute", at: path, required: false, nonEmptyString)
        let bucketVersion = field(object, "bucketVersion", at: path, required: false, integer) ?? 0
        let minBucketVersion = field(object, "minBucketVersion", at: path, required: false, integer) ?? 0
        let disableStickyBucketing = field(object, "disableStickyBucketing", at: path, required: false, boolean) ?? false
        let analysis = field(object, "analysis", at: path, required: false, analysisSettings)
        // An optional field that failed to decode has been reported and counts as absent, so the experiment can
        // still be validated; without its key, slot or variations there is nothing meaningful to validate.
        guard let key, let slot, let variations else { return nil }
        return ExperimentDefinition(
            key: key, slot: SlotID(slot), variations: variations.map { VariantID(rawValue: $0) }, weights: weights,
            coverage: coverage, ranges: ranges, hashAttribute: hashAttribute, hashVersion: hashVersion, seed: seed,
            namespace: namespace, filters: filters, condition: condition, force: force, status: status, funnel: funnel,
            fallbackAttribute: fallbackAttribute, bucketVersion: bucketVersion, minBucketVersion: minBucketVersion,
            disableStickyBucketing: disableStickyBucketing, analysis: analysis
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

    private func funnel(_ json: JSONValue, at path: JSONPath) -> Funnel? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: ["steps", "conversionWindowSeconds", "goal", "guardrails", "metrics"], at: path)
        let steps = field(object, "steps", at: path, required: true) { json, path in
            self.array(json, at: path) { json, path in self.eventMatcher(json, at: path, nameRequired: true) }
        }
        let window = field(object, "conversionWindowSeconds", at: path, required: true, number)
        let goal = field(object, "goal", at: path, required: true) { json, path in
            self.eventMatcher(json, at: path, nameRequired: false)
        }
        let guardrails = field(object, "guardrails", at: path, required: false) { json, path in
            self.array(json, at: path, of: self.metricName)
        } ?? []
        let metrics = field(object, "metrics", at: path, required: false) { json, path in
            self.array(json, at: path, of: self.metricName)
        } ?? []
        guard let steps, let window, let goal else { return nil }
        return Funnel(steps: steps, conversionWindowSeconds: window, goal: goal, guardrails: guardrails, metrics: metrics)
    }

    private func metricName(_ json: JSONValue, at path: JSONPath) -> String? {
        guard let name = string(json, at: path) else { return nil }
        guard Funnel.metricNames.contains(name) else {
            report(path, "unknown metric \"\(name)\" (expected one of: \(Funnel.metricNames.joined(separator: ", ")))")
            return nil
        }
        return name
    }

    private func analysisSettings(_ json: JSONValue, at path: JSONPath) -> AnalysisSettings? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: ["method", "sequentialTuningUsers", "correction", "minimumDetectableEffect"], at: path)
        let method = field(object, "method", at: path, required: false) { json, path -> AnalysisSettings.Method? in
            guard let text = self.string(json, at: path) else { return nil }
            guard let method = AnalysisSettings.Method(rawValue: text) else {
                let expected = AnalysisSettings.Method.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                self.report(path, "unknown method \"\(text)\" (expected \(expected))")
                return nil
            }
            return method
        }
        let tuning = field(object, "sequentialTuningUsers", at: path, required: false) { json, path -> Double? in
            guard let users = self.number(json, at: path) else { return nil }
            guard users.isFinite, users >= 1 else {
                self.report(path, "\(JavaScriptNumberFormat.string(users)) is out of range; expected a number of users, 1 or more")
                return nil
            }
            return users
        }
        let correction = field(object, "correction", at: path, required: false) { json, path -> AnalysisSettings.Correction? in
            guard let text = self.string(json, at: path) else { return nil }
            guard let correction = AnalysisSettings.Correction(rawValue: text) else {
                let expected = AnalysisSettings.Correction.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                self.report(path, "unknown correction \"\(text)\" (expected \(expected))")
                return nil
            }
            return correction
        }
        let effect = field(object, "minimumDetectableEffect", at: path, required: false) { json, path -> Double? in
            guard let effect = self.number(json, at: path) else { return nil }
            guard effect > 0, effect < 1 else {
                self.report(path, "\(JavaScriptNumberFormat.string(effect)) is out of range; expected a difference in conversion rate between 0 and 1 (0.02 is 2 percentage points)")
                return nil
            }
            return effect
        }
        return AnalysisSettings(
            method: method ?? .fixedHorizon, sequentialTuningUsers: tuning, correction: correction ?? .holm,
            minimumDetectableEffect: effect
        )
    }

    private func eventMatcher(_ json: JSONValue, at path: JSONPath, nameRequired: Bool) -> EventMatcher? {
        guard let object = object(json, at: path) else { return nil }
        checkKeys(object, allowed: ["name", "type", "screen", "action", "properties"], at: path)
        let name = field(object, "name", at: path, required: nameRequired, nonEmptyString)
        let type = field(object, "type", at: path, required: true, eventType)
        let screen = field(object, "screen", at: path, required: false, nonEmptyString)
        let action = field(object, "action", at: path, required: false, nonEmptyString)
        let properties = field(object, "properties", at: path, required: false, stringMap) ?? [:]
        guard let type, name != nil || !nameRequired else { return nil }
        return EventMatcher(name: name, type: type, screen: screen, action: action, properties: properties)
    }

    private func eventType(_ json: JSONValue, at path: JSONPath) -> EventType? {
        guard let text = string(json, at: path) else { return nil }
        guard let type = EventType(rawValue: text) else {
            let expected = EventType.allCases.map(\.rawValue).joined(separator: ", ")
            report(path, "unknown event type \"\(text)\" (expected one of: \(expected))")
            return nil
        }
        return type
    }

    private func stringMap(_ json: JSONValue, at path: JSONPath) -> [String: String]? {
        guard let object = object(json, at: path) else { return nil }
        var result: [String: String] = [:]
        var valid = true
        for (key, value) in object.members {
            if let text = string(value, at: path.appending(key)) {
                result[key] = text
            } else {
                valid = false
            }
        }
        return valid ? result : nil
    }

    // MARK: - Primitives

    private func report(_ path: JSONPath, _ message: String) {
        issues.append(ConfigIssue(path: path, message: message))
    }

    /// A short description of a JSON value for messages, e.g. `string "x"`, `number 3`, `an array`.
    static func describe(_ json: JSONValue) -> String {
        switch json {
        case .null: "null"
        case .bool(let flag): "boolean \(flag)"
        case .number(let number): "number \(JavaScriptNumberFormat.string(number))"
        case .string(let text): "string \"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    private func object(_ json: JSONValue, at path: JSONPath) -> JSONObject? {
        guard case .object(let object) = json else {
            report(path, "expected an object, found \(Self.describe(json))")
            return nil
        }
        return object
    }

    private func string(_ json: JSONValue, at path: JSONPath) -> String? {
        guard case .string(let text) = json else {
            report(path, "expected a string, found \(Self.describe(json))")
            return nil
        }
        return text
    }

    private func nonEmptyString(_ json: JSONValue, at path: JSONPath) -> String? {
        guard let text = string(json, at: path) else { return nil }
        guard !text.isEmpty else {
            report(path, "expected a non-empty string")
            return nil
        }
        return text
    }

    private func number(_ json: JSONValue, at path: JSONPath) -> Double? {
        guard case .number(let number) = json else {
            report(path, "expected a number, found \(Self.describe(json))")
            return nil
        }
        return number
    }

    private func boolean(_ json: JSONValue, at path: JSONPath) -> Bool? {
        guard case .bool(let flag) = json else {
            report(path, "expected true or false, found \(Self.describe(json))")
            return nil
        }
        return flag
    }

    private func integer(_ json: JSONValue, at path: JSONPath) -> Int? {
        guard case .number(let number) = json, number.rounded() == number, abs(number) < 1e15 else {
            report(path, "expected an integer, found \(Self.describe(json))")
            return nil
        }
        return Int(number)
    }

    private func array<Element>(
        _ json: JSONValue, at path: JSONPath, of element: (JSONValue, JSONPath) -> Element?
    ) -> [Element]? {
        guard case .array(let items) = json else {
            report(path, "expected an array, found \(Self.describe(json))")
            return nil
        }
        var result: [Element] = []
        var valid = true
        for (index, item) in items.enumerated() {
            if let value = element(item, path.appending(index)) {
                result.append(value)
            } else {
                valid = false
            }
        }
        return valid ? result : nil
    }

    private func field<Value>(
        _ object: JSONObject, _ key: String, at path: JSONPath, required: Bool,
        _ decode: (JSONValue, JSONPath) -> Value?
    ) -> Value? {
        guard let json = object[key] else {
            if required { report(path.appending(key), "missing required field") }
            return nil
        }
        return decode(json, path.appending(key))
    }

    private func elements(of object: JSONObject, _ key: String, required: Bool) -> [(JSONPath, JSONValue)] {
        let path = JSONPath.root.appending(key)
        guard let json = object[key] else {
            if required { report(path, "missing required field") }
            return []
        }
        guard case .array(let items) = json else {
            report(path, "expected an array, found \(Self.describe(json))")
            return []
        }
        return items.enumerated().map { (path.appending($0), $1) }
    }

    private func checkKeys(_ object: JSONObject, allowed: [String], at path: JSONPath) {
        for key in object.keys where !allowed.contains(key) {
            report(path.appending(key), "unknown field (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }
}
