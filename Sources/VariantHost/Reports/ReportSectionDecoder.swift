import Experiments
import FlowEvents
import FlowReports
import Foundation

/// Decodes the report sections of an experiment config, each experiment's `funnel` and `analysis`, straight into
/// the event log's vocabulary (FlowEvents' `EventType` and `EventMatcher`) and the report's (FlowReports' funnels,
/// metrics and testing methods), recording every problem with its JSON path as the decoder of the rest does.
///
/// Experiments decodes the same document for assignment and knows nothing of events, so that apps can embed it
/// alone; FlowReports knows nothing of the config's JSON. The host sees both, so the sections that join them are
/// read here, for `ExperimentAnalysisPlan.plans(inConfigurationAt:)` and the CLI.
package final class ReportSectionDecoder {
    /// Reads the fields and records the problems.
    private let reader = ConfigFieldReader()
    /// The metrics the document defines, by id, once decoded: experiments refer to them.
    private var definitions: [String: MetricDefinition] = [:]
    /// Every id the document's `metrics` declare, those whose definitions have problems too.
    private var declaredMetrics: Set<String> = []

    /// Every problem found, in the order found.
    package var issues: [ConfigIssue] { reader.issues }

    /// What the `funnel` and `analysis` of one experiment say.
    package struct Sections {
        package var funnel: FunnelDefinition?
        /// Ids of the goal metrics: built-in or defined in the config's `metrics`.
        package var goalMetrics: [String] = []
        /// Ids of the guardrail metrics: built-in or defined in the config's `metrics`.
        package var guardrails: [String] = []
        /// Ids of the secondary metrics.
        package var secondaryMetrics: [String] = []
        /// Every metric the config defines, by id.
        package var metricDefinitions: [String: MetricDefinition] = [:]
        package var testingMethod: TestingMethod?
        package var correction: MultipleComparisonCorrection = .holm
        package var plannedEffect: Double?
        package var engine: AnalysisEngine = .frequentist
        package var prior: BayesianPrior = .improper
        /// CUPED's lookback (`analysis.cuped`); nil without one.
        package var regressionAdjustment: RegressionAdjustmentSettings?

        /// No sections: the defaults of an experiment that configures none.
        package init() {}
    }

    /// Creates a decoder with no problems found yet.
    package init() {}

    /// The value `decodeRest` makes of the config file at `path` (the assignment side's decoding or validation of
    /// it) and the report sections of its experiments by key, or one `ConfigError` with the problems of both, the
    /// assignment side's first, as `validate` lists them.
    package static func decode<Rest>(
        fileAt path: String, alongside decodeRest: () throws(ConfigError) -> Rest
    ) throws(ConfigError) -> (rest: Rest, sections: [String: Sections]) {
        // A file that cannot be read or parsed is the assignment side's to report, once.
        guard let data = try? ExperimentConfig.fileContents(atPath: path), let document = try? JSONParser.parse(data) else {
            return (try decodeRest(), [:])
        }
        let decoder = ReportSectionDecoder()
        let sections = decoder.decode(document)
        let rest: Rest
        do {
            rest = try decodeRest()
        } catch {
            throw ConfigError(file: error.file, issues: error.issues + decoder.issues)
        }
        guard decoder.issues.isEmpty else { throw ConfigError(file: path, issues: decoder.issues) }
        return (rest, sections)
    }

    /// The sections of every experiment in `document`, by experiment key.
    ///
    /// Only what belongs to the sections is reported in `issues`: a document that is not an object, an
    /// `experiments` that is not an array and an experiment without a key are the assignment decoder's to report.
    package func decode(_ document: JSONValue) -> [String: Sections] {
        guard case .object(let root) = document, !ExperimentConfig.isGrowthBookPayload(document),
              case .array(let experiments)? = root["experiments"]
        else { return [:] }
        var sections: [String: Sections] = [:]
        if let metrics = root["metrics"] {
            (definitions, declaredMetrics) = MetricDefinitionDecoder(reader: reader) { json, path in
                self.eventMatcher(json, at: path, nameRequired: false)?.matcher
            }.decode(metrics, at: JSONPath.root.appending("metrics"))
        }
        for (index, element) in experiments.enumerated() {
            guard case .object(let experiment) = element else { continue }
            let path = JSONPath.root.appending("experiments").appending(index)
            var decoded = Sections()
            decoded.metricDefinitions = definitions
            if let funnel = experiment["funnel"] {
                decodeFunnel(funnel, at: path.appending("funnel"), into: &decoded)
            }
            if let analysis = experiment["analysis"] {
                decodeAnalysis(analysis, at: path.appending("analysis"), into: &decoded)
            }
            if case .string(let key)? = experiment["key"] {
                sections[key] = decoded
            }
        }
        return sections
    }

    // MARK: - Funnel

    private func decodeFunnel(_ json: JSONValue, at path: JSONPath, into sections: inout Sections) {
        guard let object = reader.object(json, at: path) else { return }
        reader.checkKeys(object, allowed: ["steps", "conversionWindowSeconds", "goal", "goals", "guardrails", "metrics"], at: path)
        let steps = reader.field(object, "steps", at: path, required: true) { json, path in
            self.reader.array(json, at: path) { json, path -> FunnelStep? in
                guard let (name, matcher) = self.eventMatcher(json, at: path, nameRequired: true), let name else { return nil }
                return FunnelStep(name: name, matcher: matcher)
            }
        }
        let window = reader.field(object, "conversionWindowSeconds", at: path, required: true, reader.number)
        let goal = reader.field(object, "goal", at: path, required: true) { json, path in
            self.eventMatcher(json, at: path, nameRequired: false)?.matcher
        }
        sections.goalMetrics = reader.field(object, "goals", at: path, required: false) { json, path in
            self.reader.array(json, at: path, of: self.metric)
        } ?? []
        sections.guardrails = reader.field(object, "guardrails", at: path, required: false) { json, path in
            self.reader.array(json, at: path, of: self.metric)
        } ?? []
        sections.secondaryMetrics = reader.field(object, "metrics", at: path, required: false) { json, path in
            self.reader.array(json, at: path, of: self.metric)
        } ?? []
        guard let steps, let window, let goal else { return }
        if steps.isEmpty {
            reader.report(path.appending("steps"), "a funnel needs at least one step")
        }
        guard window > 0 else {
            reader.report(path.appending("conversionWindowSeconds"), "must be positive, found \(JavaScriptNumberFormat.string(window))")
            return
        }
        // Whole seconds, as the report states the window and SQL engines compare it: a fraction is refused rather
        // than cut off. A window beyond any log's span (even 1e999, read as infinity) is the longest one.
        guard window.isInfinite || window.rounded(.towardZero) == window else {
            let below = window.rounded(.down), above = window.rounded(.up)
            let nearest = (below >= 1 ? [below, above] : [above]).map { JavaScriptNumberFormat.string($0) }.joined(separator: " or ")
            reader.report(
                path.appending("conversionWindowSeconds"),
                "\(JavaScriptNumberFormat.string(window)) is not a whole number of seconds; expected an integer such as \(nearest)"
            )
            return
        }
        let seconds = window < Double(Int.max) ? Int(window) : Int.max
        sections.funnel = FunnelDefinition(steps: steps, conversionWindowSeconds: seconds, goal: goal)
    }

    /// A metric an experiment names: built in, or defined in the document's `metrics`.
    private func metric(_ json: JSONValue, at path: JSONPath) -> String? {
        guard let id = reader.string(json, at: path) else { return nil }
        guard GuardrailMetric(rawValue: id) != nil || declaredMetrics.contains(id) else {
            let expected = (GuardrailMetric.allCases.map(\.rawValue) + declaredMetrics.subtracting(GuardrailMetric.allCases.map(\.rawValue)).sorted())
                .joined(separator: ", ")
            reader.report(path, "unknown metric \"\(id)\" (expected a built-in metric or one the config's metrics define: \(expected))")
            return nil
        }
        return id
    }

    /// The matcher of an event matcher object and its `name` (a funnel step's label).
    private func eventMatcher(_ json: JSONValue, at path: JSONPath, nameRequired: Bool) -> (name: String?, matcher: EventMatcher)? {
        guard let object = reader.object(json, at: path) else { return nil }
        reader.checkKeys(object, allowed: ["name", "type", "screen", "action", "properties"], at: path)
        let name = reader.field(object, "name", at: path, required: nameRequired, reader.nonEmptyString)
        let type = reader.field(object, "type", at: path, required: true, eventType)
        let screen = reader.field(object, "screen", at: path, required: false, reader.nonEmptyString)
        let action = reader.field(object, "action", at: path, required: false, reader.nonEmptyString)
        let properties = reader.field(object, "properties", at: path, required: false, reader.stringMap) ?? [:]
        guard let type, name != nil || !nameRequired else { return nil }
        return (name, EventMatcher(type: type, screen: screen, action: action, properties: properties))
    }

    private func eventType(_ json: JSONValue, at path: JSONPath) -> EventType? {
        guard let text = reader.string(json, at: path) else { return nil }
        guard let type = EventType(rawValue: text) else {
            let expected = EventType.allCases.map(\.rawValue).joined(separator: ", ")
            reader.report(path, "unknown event type \"\(text)\" (expected one of: \(expected))")
            return nil
        }
        return type
    }

    // MARK: - Analysis

    /// A proper prior `{"mean": m, "stddev": s}` on the relative scale, each value refused at its own path.
    private func prior(_ json: JSONValue, at path: JSONPath) -> BayesianPrior? {
        guard let object = reader.object(json, at: path) else { return nil }
        let keys = [BayesianPrior.meanKey, BayesianPrior.standardDeviationKey]
        reader.checkKeys(object, allowed: keys, at: path)
        let mean = reader.field(object, BayesianPrior.meanKey, at: path, required: true) { json, path -> Double? in
            guard let mean = self.reader.number(json, at: path) else { return nil }
            guard mean.isFinite else {
                self.reader.report(path, "\(JavaScriptNumberFormat.string(mean)) is out of range; expected a finite relative effect (0 expects no change)")
                return nil
            }
            return mean
        }
        let deviation = reader.field(object, BayesianPrior.standardDeviationKey, at: path, required: true) { json, path -> Double? in
            guard let deviation = self.reader.number(json, at: path) else { return nil }
            guard deviation.isFinite, deviation > 0 else {
                self.reader.report(path, "\(JavaScriptNumberFormat.string(deviation)) is out of range; expected a finite standard deviation above 0 on the relative scale (0.3 makes effects beyond about ±60% unlikely)")
                return nil
            }
            return deviation
        }
        guard let mean, let deviation else { return nil }
        return try? BayesianPrior(mean: mean, standardDeviation: deviation)
    }

    /// The methods `method` names, in the order messages list them.
    private static let methods: [TestingMethod] = [.fixedHorizon, .sequential]

    private func decodeAnalysis(_ json: JSONValue, at path: JSONPath, into sections: inout Sections) {
        guard let object = reader.object(json, at: path) else { return }
        reader.checkKeys(
            object, allowed: ["method", "sequentialTuningUsers", "correction", "minimumDetectableEffect", "engine", "prior", "cuped"], at: path
        )
        let method = reader.field(object, "method", at: path, required: false) { json, path -> TestingMethod? in
            guard let text = self.reader.string(json, at: path) else { return nil }
            guard let method = Self.methods.first(where: { $0.name == text }) else {
                let expected = Self.methods.map { "\"\($0.name)\"" }.joined(separator: " or ")
                self.reader.report(path, "unknown method \"\(text)\" (expected \(expected))")
                return nil
            }
            return method
        }
        let tuning = reader.field(object, "sequentialTuningUsers", at: path, required: false) { json, path -> Double? in
            guard let users = self.reader.number(json, at: path) else { return nil }
            guard users.isFinite, users >= 1 else {
                self.reader.report(path, "\(JavaScriptNumberFormat.string(users)) is out of range; expected a number of users, 1 or more")
                return nil
            }
            return users
        }
        let correction = reader.field(object, "correction", at: path, required: false) { json, path -> MultipleComparisonCorrection? in
            guard let text = self.reader.string(json, at: path) else { return nil }
            guard let correction = MultipleComparisonCorrection(rawValue: text) else {
                let expected = MultipleComparisonCorrection.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                self.reader.report(path, "unknown correction \"\(text)\" (expected \(expected))")
                return nil
            }
            return correction
        }
        let effect = reader.field(object, "minimumDetectableEffect", at: path, required: false) { json, path -> Double? in
            guard let effect = self.reader.number(json, at: path) else { return nil }
            guard effect > 0, effect < 1 else {
                self.reader.report(path, "\(JavaScriptNumberFormat.string(effect)) is out of range; expected a difference in conversion rate between 0 and 1 (0.02 is 2 percentage points)")
                return nil
            }
            return effect
        }
        let engine = reader.field(object, "engine", at: path, required: false) { json, path -> AnalysisEngine? in
            guard let text = self.reader.string(json, at: path) else { return nil }
            guard let engine = AnalysisEngine(rawValue: text) else {
                let expected = AnalysisEngine.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
                self.reader.report(path, "unknown engine \"\(text)\" (expected \(expected))")
                return nil
            }
            return engine
        }
        let prior = reader.field(object, "prior", at: path, required: false) { json, path in self.prior(json, at: path) }
        sections.regressionAdjustment = reader.field(object, "cuped", at: path, required: false) { json, path in
            self.reader.regressionAdjustment(json, at: path)
        }
        sections.engine = engine ?? .frequentist
        sections.prior = prior ?? .improper
        sections.testingMethod = method?.tuningUsers == nil ? .fixedHorizon : .sequential(tuningUsers: tuning ?? TestingMethod.defaultTuningUsers)
        sections.correction = correction ?? .holm
        sections.plannedEffect = effect
    }
}
