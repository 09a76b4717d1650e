import Experiments
import FlowEvents
import FlowReports

/// Decodes a config's top-level `metrics`, the metrics a team defines, recording every problem with its JSON path.
///
/// ```json
/// "metrics": [
///   { "id": "revenue", "name": "Revenue per user", "kind": "mean", "direction": "higher",
///     "event": { "type": "mutation", "properties": { "operation": "place_order", "outcome": "succeeded" } },
///     "value": "amount_cents", "cap": { "percentile": 0.99, "ignoreZeros": true } },
///   { "id": "order-value", "kind": "ratio", "numerator": "revenue", "denominator": "orders" }
/// ]
/// ```
struct MetricDefinitionDecoder {
    /// Reads the fields and records the problems; shared with the decoder of the other report sections.
    let reader: ConfigFieldReader
    /// Decodes an event matcher object (`type`, `screen`, `action`, `properties`), as funnels write them.
    let eventMatcher: (JSONValue, JSONPath) -> EventMatcher?

    /// The keys a metric object may have.
    private static let keys = [
        "id", "name", "description", "kind", "direction", "windowSeconds", "cap", "event", "value", "numerator",
        "denominator", "of", "quantile", "from", "to", "days", "cuped",
    ]
    private static let kinds = ["proportion", "mean", "ratio", "quantile", "duration", "retention"]

    /// The definitions of `json`, the document's `metrics`, by id, and every id declared there, those of
    /// definitions with problems too (which are left out of the definitions, and so that a reference to one is not
    /// a second problem).
    func decode(_ json: JSONValue, at path: JSONPath) -> (definitions: [String: MetricDefinition], declared: Set<String>) {
        guard case .array(let items) = json else {
            reader.report(path, "expected an array of metric definitions, found \(ConfigFieldReader.describe(json))")
            return ([:], [])
        }
        // Ratios and quantiles refer to other metrics by id: every id is known before any reference is checked.
        var kindsByID: [String: String] = [:]
        for (index, item) in items.enumerated() {
            guard case .object(let object) = item, case .string(let id)? = object["id"], case .string(let kind)? = object["kind"] else {
                continue
            }
            if GuardrailMetric(rawValue: id) != nil {
                reader.report(path.appending(index).appending("id"), "\"\(id)\" is a built-in metric; choose another id")
            } else if kindsByID[id] != nil {
                reader.report(path.appending(index).appending("id"), "metric \"\(id)\" is defined twice")
            }
            kindsByID[id] = kindsByID[id] ?? kind
        }
        var definitions: [String: MetricDefinition] = [:]
        for (index, item) in items.enumerated() {
            if let definition = metric(item, at: path.appending(index), kindsByID: kindsByID), definitions[definition.id] == nil {
                definitions[definition.id] = definition
            }
        }
        let declared = items.compactMap { item -> String? in
            guard case .object(let object) = item, case .string(let id)? = object["id"] else { return nil }
            return id
        }
        return (definitions, Set(declared))
    }

    private func metric(_ json: JSONValue, at path: JSONPath, kindsByID: [String: String]) -> MetricDefinition? {
        guard let object = reader.object(json, at: path) else { return nil }
        reader.checkKeys(object, allowed: Self.keys, at: path)
        let id = reader.field(object, "id", at: path, required: true, reader.nonEmptyString)
        let name = reader.field(object, "name", at: path, required: false, reader.nonEmptyString)
        _ = reader.field(object, "description", at: path, required: false, reader.string)
        let direction = reader.field(object, "direction", at: path, required: false) { json, path -> MetricDirection? in
            guard let text = self.reader.string(json, at: path) else { return nil }
            guard let direction = MetricDirection(rawValue: text) else {
                self.reader.report(path, "unknown direction \"\(text)\" (expected \"higher\" or \"lower\": which way is better)")
                return nil
            }
            return direction
        }
        let window = reader.field(object, "windowSeconds", at: path, required: false, windowMilliseconds)
        let cap = reader.field(object, "cap", at: path, required: false, self.cap)
        let kind = reader.field(object, "kind", at: path, required: true) { json, kindPath in
            self.kind(json, at: kindPath, of: object, in: path, kindsByID: kindsByID)
        }
        let adjustment = reader.field(object, "cuped", at: path, required: false) { json, cupedPath in
            self.regressionAdjustment(json, at: cupedPath, kind: object["kind"]?.stringValue)
        }
        guard let id, let kind, !(object["direction"] != nil && direction == nil), !(object["windowSeconds"] != nil && window == nil),
              !(object["cap"] != nil && cap == nil), !(object["cuped"] != nil && adjustment == nil)
        else { return nil }
        return MetricDefinition(
            id: id, name: name ?? id, kind: kind, direction: direction ?? .higherIsBetter, windowMilliseconds: window, cap: cap,
            regressionAdjustment: adjustment
        )
    }

    /// A metric's own `cuped`: `{"lookbackDays": n}` over the experiment's `analysis.cuped`, or `false` to compare the
    /// metric unadjusted. Quantiles and durations are never adjusted, so a lookback on one is refused.
    private func regressionAdjustment(_ json: JSONValue, at path: JSONPath, kind: String?) -> MetricRegressionAdjustment? {
        switch json {
        case .bool(false):
            return .off
        case .object:
            if let kind, ["quantile", "duration", "retention"].contains(kind) {
                reader.report(path, "a \(kind) metric is compared unadjusted: CUPED adjusts proportions, means and ratios")
                return nil
            }
            return reader.regressionAdjustment(json, at: path).map(MetricRegressionAdjustment.lookback)
        default:
            reader.report(path, "expected {\"lookbackDays\": n} to adjust this metric with CUPED, or false to compare it unadjusted; "
                + "found \(ConfigFieldReader.describe(json))")
            return nil
        }
    }

    /// The kind and the fields it needs; `object` is the metric, at `metricPath`.
    private func kind(
        _ json: JSONValue, at path: JSONPath, of object: JSONObject, in metricPath: JSONPath, kindsByID: [String: String]
    ) -> MetricKind? {
        guard let text = reader.string(json, at: path) else { return nil }
        let fieldsByKind = [
            "proportion": ["event"], "mean": ["event", "value"], "ratio": ["numerator", "denominator"],
            "quantile": ["of", "quantile"], "duration": ["from", "to"], "retention": ["event", "days"],
        ]
        guard let fields = fieldsByKind[text] else {
            reader.report(path, "unknown metric kind \"\(text)\" (expected one of: \(Self.kinds.joined(separator: ", ")))")
            return nil
        }
        for other in Set(fieldsByKind.values.flatMap { $0 }).subtracting(fields).sorted() where object[other] != nil {
            reader.report(metricPath.appending(other), "a \(text) metric has no \(other) (its fields: \(fields.joined(separator: ", ")))")
        }
        // A ratio or a quantile reads the values of the metrics it names, with their windows and caps.
        if text == "ratio" || text == "quantile" {
            for field in ["windowSeconds", "cap"] where object[field] != nil {
                reader.report(metricPath.appending(field), "a \(text) metric has no \(field) of its own: set it on the metrics it reads (its \(fields.joined(separator: " and ")))")
            }
        }
        if text == "retention" {
            if object["windowSeconds"] != nil {
                reader.report(metricPath.appending("windowSeconds"), "a retention metric's window is its days: give \"days\": [FIRST, LAST] instead")
            }
            if object["cap"] != nil {
                reader.report(metricPath.appending("cap"), "a retention metric is a share of users, 0 or 1 each: there is nothing to cap")
            }
        }
        switch text {
        case "proportion":
            return reader.field(object, "event", at: metricPath, required: true, eventMatcher).map(MetricKind.proportion)
        case "mean":
            let events = reader.field(object, "event", at: metricPath, required: true, eventMatcher)
            let property = reader.field(object, "value", at: metricPath, required: false, reader.nonEmptyString)
            guard let events, object["value"] == nil || property != nil else { return nil }
            return .mean(MetricValue(events: events, property: property))
        case "ratio":
            let accepted = ["proportion", "mean"]
            let numerator = reader.field(object, "numerator", at: metricPath, required: true) { json, path in
                self.reference(json, at: path, kinds: accepted, kindsByID: kindsByID)
            }
            let denominator = reader.field(object, "denominator", at: metricPath, required: true) { json, path in
                self.reference(json, at: path, kinds: accepted, kindsByID: kindsByID)
            }
            guard let numerator, let denominator else { return nil }
            return .ratio(numerator: numerator, denominator: denominator)
        case "retention":
            let events = reader.field(object, "event", at: metricPath, required: true, eventMatcher)
            let days = reader.field(object, "days", at: metricPath, required: true, retentionDays)
            guard let events, let days else { return nil }
            return .retention(events, days: days)
        case "quantile":
            let of = reader.field(object, "of", at: metricPath, required: true) { json, path in
                self.reference(json, at: path, kinds: ["mean", "duration"], kindsByID: kindsByID)
            }
            let level = reader.field(object, "quantile", at: metricPath, required: true) { json, path -> Double? in
                guard let level = self.reader.number(json, at: path) else { return nil }
                guard level > 0, level < 1 else {
                    self.reader.report(path, "\(JavaScriptNumberFormat.string(level)) is out of range; expected a quantile between 0 and 1 (0.5 is the median, 0.9 the 90th percentile)")
                    return nil
                }
                return level
            }
            guard let of, let level else { return nil }
            return .quantile(of: of, level: level)
        default:
            let start = reader.field(object, "from", at: metricPath, required: false) { json, path -> DurationStart? in
                if case .string("exposure") = json { return .exposure }
                guard case .object = json else {
                    self.reader.report(path, "expected \"exposure\" or an event matcher, found \(ConfigFieldReader.describe(json))")
                    return nil
                }
                return self.eventMatcher(json, path).map(DurationStart.event)
            }
            let end = reader.field(object, "to", at: metricPath, required: true, eventMatcher)
            guard let end, object["from"] == nil || start != nil else { return nil }
            return .duration(start: start ?? .exposure, end: end)
        }
    }

    /// A metric id another metric refers to, which must be defined (or built in) and of one of `kinds`.
    private func reference(_ json: JSONValue, at path: JSONPath, kinds: [String], kindsByID: [String: String]) -> String? {
        guard let id = reader.nonEmptyString(json, at: path) else { return nil }
        let kind = kindsByID[id] ?? GuardrailMetric(rawValue: id).map(Self.kind(ofBuiltIn:))
        guard let kind else {
            let known = Set(kindsByID.keys).union(GuardrailMetric.allCases.map(\.rawValue)).sorted().joined(separator: ", ")
            reader.report(path, "unknown metric \"\(id)\" (defined: \(known))")
            return nil
        }
        guard kinds.contains(kind) else {
            reader.report(path, "\"\(id)\" is a \(kind) metric; expected a \(kinds.joined(separator: " or ")) metric here")
            return nil
        }
        return id
    }

    private static func kind(ofBuiltIn metric: GuardrailMetric) -> String {
        metric == .timeToComplete ? "duration" : "mean"
    }

    private func windowMilliseconds(_ json: JSONValue, at path: JSONPath) -> Int64? {
        guard let seconds = reader.number(json, at: path) else { return nil }
        guard seconds >= 0.001, seconds <= 1e12 else {
            reader.report(path, "\(JavaScriptNumberFormat.string(seconds)) is out of range; expected seconds after exposure, at least 0.001")
            return nil
        }
        // Events are timed to the millisecond: a window between two milliseconds would be cut silently.
        let milliseconds = seconds * 1000
        guard abs(milliseconds - milliseconds.rounded()) <= 1e-6 * max(1, milliseconds) else {
            reader.report(path, "\(JavaScriptNumberFormat.string(seconds)) is not a whole number of milliseconds; expected seconds with at most 3 decimals, such as 1.5 or 0.25")
            return nil
        }
        return Int64(milliseconds.rounded())
    }

    /// `[FIRST, LAST]`: the days after exposure a retention metric counts, whole numbers from 0, in order.
    private func retentionDays(_ json: JSONValue, at path: JSONPath) -> RetentionDays? {
        let expected = "expected [FIRST, LAST], whole days after exposure from \(RetentionDays.range.lowerBound) to "
            + "\(RetentionDays.range.upperBound) (day 0 is the 24 hours from exposure; [1, 7] is the week after it)"
        guard case .array(let items) = json, items.count == 2 else {
            reader.report(path, "\(expected), found \(ConfigFieldReader.describe(json))")
            return nil
        }
        var bounds: [Int] = []
        for (index, item) in items.enumerated() {
            guard case .number(let number) = item, number.rounded() == number, RetentionDays.range.contains(Int(exactly: number) ?? -1) else {
                reader.report(path.appending(index), "\(expected), found \(ConfigFieldReader.describe(item))")
                return nil
            }
            bounds.append(Int(number))
        }
        guard let days = RetentionDays(first: bounds[0], last: bounds[1]) else {
            reader.report(path, "day \(bounds[0]) comes after day \(bounds[1]); \(expected)")
            return nil
        }
        return days
    }

    /// `{"absolute": UPPER}`, `{"absolute": [LOWER, UPPER]}`, `{"percentile": UPPER}` or
    /// `{"percentile": [LOWER, UPPER]}` (a side may be null), with `"ignoreZeros"` for a percentile cap.
    private func cap(_ json: JSONValue, at path: JSONPath) -> MetricCap? {
        guard let object = reader.object(json, at: path) else { return nil }
        reader.checkKeys(object, allowed: ["absolute", "percentile", "ignoreZeros"], at: path)
        let absolute = reader.field(object, "absolute", at: path, required: false, bounds)
        let percentile = reader.field(object, "percentile", at: path, required: false, bounds)
        let ignoringZeros = reader.field(object, "ignoreZeros", at: path, required: false, reader.boolean)
        let cap: MetricCap
        let capPath: JSONPath
        switch (absolute, percentile) {
        case (let bounds?, nil):
            if ignoringZeros != nil { reader.report(path.appending("ignoreZeros"), "only a percentile cap ignores zeros") }
            cap = .absolute(lower: bounds.lower, upper: bounds.upper)
            capPath = path.appending("absolute")
        case (nil, let bounds?):
            cap = .percentile(lower: bounds.lower, upper: bounds.upper, ignoringZeros: ignoringZeros ?? false)
            capPath = path.appending("percentile")
        case (nil, nil):
            if object["absolute"] == nil, object["percentile"] == nil {
                reader.report(path, "expected {\"absolute\": VALUE}, {\"absolute\": [LOWER, UPPER]}, {\"percentile\": SHARE} or {\"percentile\": [LOWER, UPPER]}")
            }
            return nil
        default:
            reader.report(path, "give either absolute or percentile, not both")
            return nil
        }
        if let problem = cap.problem {
            reader.report(capPath, problem)
            return nil
        }
        return cap
    }

    /// A cap's upper value alone, or `[lower, upper]` where one side may be null.
    private func bounds(_ json: JSONValue, at path: JSONPath) -> (lower: Double?, upper: Double?)? {
        guard case .array(let items) = json else { return reader.number(json, at: path).map { (nil, $0) } }
        guard items.count == 2 else {
            reader.report(path, "expected [LOWER, UPPER] (null for a side left open), found an array of \(items.count)")
            return nil
        }
        let sides = items.enumerated().map { index, item -> Double?? in
            if case .null = item { return .some(nil) }
            return reader.number(item, at: path.appending(index)).map { .some($0) }
        }
        guard let lower = sides[0], let upper = sides[1] else { return nil }
        return (lower, upper)
    }
}
