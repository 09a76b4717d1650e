import Experiments
import FlowEvents
import Foundation

/// Reads a behaviour model from JSON, reporting every problem with its JSON path.
package enum BehaviorModelLoader {
    private static let probabilityTolerance = 1e-6

    /// Loads the model in the file at `path`, read through `BoundedFile`: at most 16 MiB.
    package static func load(contentsOf path: String) throws(ModelFileError) -> BehaviorModel {
        let data: Data
        do {
            data = try BoundedFile.contents(atPath: path, expected: "a JSON file")
        } catch {
            throw ModelFileError(file: path, issues: [ModelIssue(path: "", message: error.reason)])
        }
        return try parse(data, file: path)
    }

    /// Parses a model from JSON `data`; `file` names it in errors.
    package static func parse(_ data: Data, file: String) throws(ModelFileError) -> BehaviorModel {
        let root = try document(data, file: file)
        let (model, issues) = decode(root)
        guard issues.isEmpty else { throw ModelFileError(file: file, issues: issues) }
        return model
    }

    /// The JSON object of `data`; `file` names it in errors.
    static func document(_ data: Data, file: String) throws(ModelFileError) -> JSONObject {
        let document: JSONValue
        do {
            // The configuration's strict parser: a key given twice, invalid UTF-8 or a lone surrogate is an error
            // with its line and column, never a value silently kept.
            document = try JSONParser.parse(data)
        } catch {
            throw ModelFileError(file: file, issues: [ModelIssue(path: "", message: "not valid JSON: \(error)")])
        }
        guard let root = document.objectValue else {
            throw ModelFileError(file: file, issues: [ModelIssue(path: "", message: "expected a JSON object")])
        }
        return root
    }

    /// The model `root` describes, made of its parts that are well formed, and every problem of the others, in
    /// document order.
    static func decode(_ root: JSONObject) -> (model: BehaviorModel, issues: [ModelIssue]) {
        var issues: [ModelIssue] = []
        rejectUnknownKeys(in: root, allowed: ["$schema", "description", "attributes", "screens", "variants", "days"], path: "", issues: &issues)

        var attributes: [BehaviorModel.AttributeDistribution] = []
        if let value = root["attributes"] {
            if let object = value.objectValue {
                for name in object.keys.sorted() {
                    if let problem = tooLong(name, path: "attributes.\(shortened(name))") {
                        issues.append(problem)
                        continue
                    }
                    if let values = distribution(object[name], path: "attributes.\(name)", issues: &issues) {
                        attributes.append(.init(name: name, values: values))
                    }
                }
            } else {
                issues.append(ModelIssue(path: "attributes", message: "expected an object of attribute distributions"))
            }
        }

        var screens: [String: ScreenBehavior] = [:]
        if let object = root["screens"]?.objectValue {
            screens = screenBehaviors(object, path: "screens", issues: &issues)
        } else {
            issues.append(ModelIssue(path: "screens", message: "expected an object of screen behaviours, by screen name"))
        }

        var variantScreens: [String: [String: ScreenBehavior]] = [:]
        if let value = root["variants"] {
            if let object = value.objectValue {
                for variant in object.keys.sorted() {
                    guard let overrides = object[variant]?.objectValue else {
                        issues.append(ModelIssue(path: "variants.\(variant)", message: "expected an object of screen behaviours"))
                        continue
                    }
                    variantScreens[variant] = screenBehaviors(overrides, path: "variants.\(variant)", issues: &issues)
                }
            } else {
                issues.append(ModelIssue(path: "variants", message: "expected an object of screen behaviours by variant id"))
            }
        }

        let days = root["days"].flatMap { populationDays($0, path: "days", issues: &issues) }
        return (BehaviorModel(attributes: attributes, screens: screens, variantScreens: variantScreens, days: days), issues)
    }

    /// `days`: `count`, and optionally `historyDays`, `returnsPerDay`, `propensitySpread` and `variants`.
    private static func populationDays(_ value: JSONValue, path: String, issues: inout [ModelIssue]) -> PopulationDays? {
        guard let object = value.objectValue else {
            issues.append(ModelIssue(path: path, message: "expected an object with \"count\" and \"returnsPerDay\""))
            return nil
        }
        let before = issues.count
        rejectUnknownKeys(in: object, allowed: ["count", "historyDays", "returnsPerDay", "propensitySpread", "variants"], path: path, issues: &issues)
        func whole(_ key: String, _ range: ClosedRange<Int>, default fallback: Int?) -> Int? {
            guard object[key] != nil || fallback == nil else { return fallback }
            let number = number(object[key], path: "\(path).\(key)", range: Double(range.lowerBound)...Double(range.upperBound), issues: &issues)
            guard let number else { return nil }
            guard number == number.rounded() else {
                issues.append(ModelIssue(path: "\(path).\(key)", message: "\(format(number)) is not a whole number of days"))
                return nil
            }
            return Int(number)
        }
        let count = whole("count", PopulationDays.dayCountRange, default: nil)
        let history = whole("historyDays", PopulationDays.historyDayRange, default: 0)
        let returns = probability(object["returnsPerDay"], path: "\(path).returnsPerDay", issues: &issues)
        let spread = object["propensitySpread"] == nil
            ? 0 : number(object["propensitySpread"], path: "\(path).propensitySpread", range: PopulationDays.spreadRange, issues: &issues)
        var overrides: [String: Double] = [:]
        if let variants = object["variants"] {
            if let variants = variants.objectValue {
                for variant in variants.keys.sorted() {
                    let variantPath = "\(path).variants.\(shortened(variant))"
                    guard let override = variants[variant]?.objectValue else {
                        issues.append(ModelIssue(path: variantPath, message: "expected an object with \"returnsPerDay\""))
                        continue
                    }
                    rejectUnknownKeys(in: override, allowed: ["returnsPerDay"], path: variantPath, issues: &issues)
                    if let chance = probability(override["returnsPerDay"], path: "\(variantPath).returnsPerDay", issues: &issues) {
                        overrides[variant] = chance
                    }
                }
            } else {
                issues.append(ModelIssue(path: "\(path).variants", message: "expected an object of overrides by variant id"))
            }
        }
        guard issues.count == before, let count, let history, let returns, let spread else { return nil }
        return PopulationDays(
            count: count, historyDays: history, returnsPerDay: returns, propensitySpread: spread, variantReturnsPerDay: overrides
        )
    }

    private static func screenBehaviors(_ object: JSONObject, path: String, issues: inout [ModelIssue]) -> [String: ScreenBehavior] {
        var behaviors: [String: ScreenBehavior] = [:]
        for name in object.keys.sorted() {
            if let behavior = screenBehavior(object[name], path: "\(path).\(name)", issues: &issues) {
                behaviors[name] = behavior
            }
        }
        return behaviors
    }

    private static func screenBehavior(_ value: JSONValue?, path: String, issues: inout [ModelIssue]) -> ScreenBehavior? {
        guard let object = value?.objectValue else {
            issues.append(ModelIssue(path: path, message: "expected an object with \"actions\" and \"thinkSeconds\""))
            return nil
        }
        let before = issues.count
        rejectUnknownKeys(in: object, allowed: ["actions", "thinkSeconds", "fields"], path: path, issues: &issues)
        var probabilities: [ScreenBehavior.Choice: Double] = [:]
        if let actions = object["actions"]?.objectValue {
            let choices = ScreenBehavior.Choice.allCases.map(\.rawValue)
            rejectUnknownKeys(in: actions, allowed: Set(choices), path: "\(path).actions", issues: &issues)
            for choice in ScreenBehavior.Choice.allCases {
                guard let raw = actions[choice.rawValue] else { continue }
                if let probability = self.probability(raw, path: "\(path).actions.\(choice.rawValue)", issues: &issues) {
                    probabilities[choice] = probability
                }
            }
            let sum = probabilities.values.reduce(0, +)
            if issues.count == before, abs(sum - 1) > probabilityTolerance {
                issues.append(ModelIssue(path: "\(path).actions", message: "probabilities sum to \(format(sum)), expected 1"))
            }
        } else {
            issues.append(ModelIssue(
                path: "\(path).actions",
                message: "expected an object of probabilities for continue, back, abandon, failValidation"
            ))
        }
        var thinkTime = ThinkTime.standard
        if let think = object["thinkSeconds"] {
            if let think = think.objectValue {
                rejectUnknownKeys(in: think, allowed: ["median", "spread"], path: "\(path).thinkSeconds", issues: &issues)
                if think["median"] != nil,
                   let median = number(think["median"], path: "\(path).thinkSeconds.median", range: 0...86_400, issues: &issues) {
                    thinkTime.medianSeconds = median
                }
                if think["spread"] != nil,
                   let spread = number(think["spread"], path: "\(path).thinkSeconds.spread", range: 0...5, issues: &issues) {
                    thinkTime.spread = spread
                }
            } else {
                issues.append(ModelIssue(path: "\(path).thinkSeconds", message: "expected an object with \"median\" and \"spread\""))
            }
        }
        var fieldValues: [String: FieldValueDistribution] = [:]
        if let fields = object["fields"] {
            if let fields = fields.objectValue {
                for field in fields.keys.sorted() {
                    if let values = distribution(fields[field], path: "\(path).fields.\(shortened(field))", issues: &issues) {
                        fieldValues[field] = FieldValueDistribution(values.map { .init(value: $0.value, probability: $0.probability) })
                    }
                }
            } else {
                issues.append(ModelIssue(path: "\(path).fields", message: "expected an object of value distributions, by field identifier"))
            }
        }
        guard issues.count == before else { return nil }
        return ScreenBehavior(probabilities: probabilities, thinkTime: thinkTime, fieldValues: fieldValues)
    }

    private static func distribution(_ value: JSONValue?, path: String, issues: inout [ModelIssue]) -> [(value: String, probability: Double)]? {
        guard let object = value?.objectValue, !object.isEmpty else {
            issues.append(ModelIssue(path: path, message: "expected an object of values and their probabilities"))
            return nil
        }
        let before = issues.count
        var values: [(value: String, probability: Double)] = []
        for key in object.keys.sorted() {
            if let problem = tooLong(key, path: "\(path).\(shortened(key))") {
                issues.append(problem)
                continue
            }
            if let probability = probability(object[key], path: "\(path).\(key)", issues: &issues) {
                values.append((key, probability))
            }
        }
        let sum = values.reduce(0) { $0 + $1.probability }
        if issues.count == before, abs(sum - 1) > probabilityTolerance {
            issues.append(ModelIssue(path: path, message: "probabilities sum to \(format(sum)), expected 1"))
        }
        return issues.count == before ? values : nil
    }

    /// An issue for an attribute name or value longer than an event field may hold (it is logged as the value of
    /// the hash attribute), or nil.
    private static func tooLong(_ name: String, path: String) -> ModelIssue? {
        let bytes = name.utf8.count
        guard bytes > FlowEventLimits.maximumFieldBytes else { return nil }
        return ModelIssue(path: path, message: "\(bytes) bytes long; at most \(FlowEventLimits.maximumFieldBytes), as it is logged in events")
    }

    /// `name`, cut to its first 40 characters and an ellipsis when longer, for a path in a message.
    static func shortened(_ name: String) -> String {
        name.count > 40 ? name.prefix(40) + "…" : name
    }

    private static func probability(_ value: JSONValue?, path: String, issues: inout [ModelIssue]) -> Double? {
        number(value, path: path, range: 0...1, issues: &issues)
    }

    private static func number(_ value: JSONValue?, path: String, range: ClosedRange<Double>, issues: inout [ModelIssue]) -> Double? {
        guard let value else {
            issues.append(ModelIssue(path: path, message: "missing; expected a number from \(format(range.lowerBound)) to \(format(range.upperBound))"))
            return nil
        }
        guard let double = value.numberValue else {
            issues.append(ModelIssue(path: path, message: "expected a number from \(format(range.lowerBound)) to \(format(range.upperBound))"))
            return nil
        }
        guard double.isFinite else {
            issues.append(ModelIssue(path: path, message: "a number beyond Double's range; expected \(format(range.lowerBound)) to \(format(range.upperBound))"))
            return nil
        }
        guard range.contains(double) else {
            issues.append(ModelIssue(path: path, message: "\(format(double)) is out of range; expected \(format(range.lowerBound)) to \(format(range.upperBound))"))
            return nil
        }
        return double
    }

    private static func rejectUnknownKeys(in object: JSONObject, allowed: Set<String>, path: String, issues: inout [ModelIssue]) {
        for key in object.keys.sorted() where !allowed.contains(key) {
            let location = path.isEmpty ? key : "\(path).\(key)"
            issues.append(ModelIssue(path: location, message: "unknown key; expected one of: \(allowed.sorted().joined(separator: ", "))"))
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
