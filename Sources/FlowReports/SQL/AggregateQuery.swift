import FlowEvents

/// The one SQL query that counts, from events in Switchyard's schema, every aggregate a `report` needs:
/// per experiment and variant, the rows of ``AggregateRow`` (docs/Warehouses.md lists them).
///
/// The counting rules are the report's own (docs/Statistics.md, "Counting rules"): an engine that runs the
/// query and hands its output to `report --counts` gets the report `report` gives on the same events.
/// Experiments the configuration lists are counted with their funnels; any other exposed experiment with the
/// defaults (discovered steps, goal `flow_completed`, a 14-day window). Every string of the configuration
/// reaches the query as a literal escaped for the dialect.
public struct AggregateQuery: Sendable {
    /// The engine the query is written for.
    public var dialect: SQLDialect
    /// Where the events are.
    public var source: EventSource
    /// The configuration of each experiment; experiments without one use the defaults.
    public var experiments: [String: ExperimentAnalysisPlan]
    /// Only this experiment is counted, when set.
    public var experiment: String?
    /// The `session_started` property to break results down by (`report --segment-by`), when set.
    public var segmentBy: String?

    /// Creates the query of `experiments` (or only `experiment`) over `source`.
    public init(
        dialect: SQLDialect, source: EventSource, experiments: [String: ExperimentAnalysisPlan],
        experiment: String? = nil, segmentBy: String? = nil
    ) {
        self.dialect = dialect
        self.source = source
        self.experiments = experiments
        self.experiment = experiment
        self.segmentBy = segmentBy
    }

    /// The query's text.
    public var text: String {
        var expressions = [
            ("re", source.events(in: dialect)),
            // An event delivered twice is counted once: numbered 1 in its identity's partition (its user, session and
            // seq; for an event without seq, every field as well).
            ("nd", "SELECT u, t, ty, sc, ac, ex, va, pr, ROW_NUMBER() OVER (PARTITION BY u, se, sq, \(contentWithoutSequence)"
                + " ORDER BY t) AS dn FROM re"),
            ("ev", "SELECT u, t, ty, sc, ac, ex, va, pr FROM nd WHERE dn = 1"),
            ("xp", "SELECT ex AS e, va AS v, u, t FROM ev WHERE ty = 'exposure' AND ex IS NOT NULL AND va IS NOT NULL"
                + (experiment.map { " AND ex = \(lit($0))" } ?? "")),
            ("xu", "SELECT e, u, MIN(t) AS a, MIN(v) AS first_variant, COUNT(DISTINCT v) AS nv FROM xp GROUP BY e, u"),
            ("au", "SELECT e, u, a, first_variant AS v FROM xu WHERE nv = 1"),
            ("w", "SELECT au.e AS e, au.v AS v, au.u AS u, ev.t - au.a AS o, ev.ty AS ty, ev.sc AS sc, ev.ac AS ac, "
                + "ev.pr AS pr FROM au JOIN ev ON ev.u = au.u WHERE ev.t >= au.a AND ev.t - au.a <= \(windowMilliseconds)"),
            ("g", "SELECT e, v, u, MIN(o) AS o FROM w WHERE \(goalCondition) GROUP BY e, v, u"),
        ]
        var rows = [
            row(measure: .incompleteExposures, experiment: "''", variant: "''", total: "COUNT(*)",
                from: "ev WHERE ty = 'exposure' AND (ex IS NULL OR va IS NULL)"),
            row(measure: .duplicateEvents, experiment: "''", variant: "''", total: "COUNT(*)", from: "nd WHERE dn > 1"),
            row(measure: .firstEvent, experiment: "''", variant: "''", value: "t0", total: "n",
                from: "(SELECT MIN(t) AS t0, COUNT(*) AS n FROM ev) AS fe WHERE n > 0"),
            row(measure: .multiVariantUsers, variant: "''", total: "COUNT(*)", from: "xu WHERE nv > 1 GROUP BY e"),
            row(measure: .firstExposure, value: "MIN(t)", total: "COUNT(DISTINCT u)", from: "xp GROUP BY e, v"),
            row(measure: .users, total: "COUNT(*)", from: "au GROUP BY e, v"),
            row(measure: .goal, value: "o", total: "COUNT(*)", from: "g GROUP BY e, v, o"),
            row(measure: .convertedReachingStep, total: "COUNT(*)", from: "g GROUP BY e, v"),
            row(measure: .back, name: "s", total: "COUNT(*)",
                from: "(SELECT e, v, COALESCE(sc, '(none)') AS s FROM w WHERE ty = 'back') AS b GROUP BY e, v, s"),
            row(measure: .failedMutation, name: "s", reason: "r", total: "COUNT(*)",
                from: "(SELECT e, v, COALESCE(sc, '(none)') AS s, COALESCE(\(prop("reason")), '(unspecified)') AS r FROM w "
                    + "WHERE ty = 'mutation' AND \(prop("outcome")) = 'failed') AS f GROUP BY e, v, s, r"),
        ]
        addConfiguredSteps(to: &expressions, rows: &rows)
        addDiscoveredSteps(to: &expressions, rows: &rows)
        addMetrics(to: &expressions, rows: &rows)
        addSegments(to: &expressions, rows: &rows)
        let with = expressions.map { "\($0.0) AS (\n  \($0.1)\n)" }.joined(separator: ",\n")
        let columns = AggregateRow.columns.joined(separator: ", ")
        return "WITH\n\(with)\nSELECT \(columns) FROM (\n  " + rows.joined(separator: "\n  UNION ALL\n  ")
            + "\n) AS aggregates\nORDER BY \(columns)" + (dialect.querySettings.map { "\n" + $0 } ?? "") + "\n"
    }

    /// The fields besides user and session that tell apart events without `seq`, each NULL for an event with one.
    private var contentWithoutSequence: String {
        ["t", "ty", "sc", "ac", "ex", "va", dialect.mapText("pr")].map { "CASE WHEN sq IS NULL THEN \($0) END" }
            .joined(separator: ", ")
    }

    // MARK: Experiments and their funnels

    /// The configured experiments the query counts, sorted.
    private var configuredKeys: [String] {
        experiments.keys.filter { experiment == nil || $0 == experiment }.sorted()
    }

    private func funnel(_ key: String) -> FunnelDefinition {
        experiments[key]?.funnel ?? .screensInOrderSeen
    }

    /// Experiments with configured steps, and the others (configured without steps, or not configured).
    private var keysWithSteps: [String] {
        configuredKeys.filter { !funnel($0).steps.isEmpty }
    }

    /// Whether experiments that discover their steps can be counted: any but those with configured steps.
    private var countsDiscoveredSteps: Bool {
        guard let experiment else { return true }
        return funnel(experiment).steps.isEmpty
    }

    /// `condition` for each configured experiment, and `otherwise` for every other one.
    private func perExperiment(_ condition: (String) -> String, otherwise: String, column: String = "e") -> String {
        let keys = configuredKeys
        guard !keys.isEmpty else { return otherwise }
        let branches = keys.map { "WHEN \(column) = \(lit($0)) THEN \(condition($0))" }.joined(separator: " ")
        return "CASE \(branches) ELSE \(otherwise) END"
    }

    private var windowMilliseconds: String {
        perExperiment({ "\(funnel($0).conversionWindowMilliseconds)" },
                      otherwise: "\(FunnelDefinition.screensInOrderSeen.conversionWindowMilliseconds)", column: "au.e")
    }

    private var goalCondition: String {
        "(" + perExperiment({ "(CASE WHEN \(matches(funnel($0).goal)) THEN 1 ELSE 0 END)" },
                            otherwise: "(CASE WHEN \(matches(FunnelDefinition.screensInOrderSeen.goal)) THEN 1 ELSE 0 END)")
            + ") = 1"
    }

    /// The condition that an event of `w` (or of `table`, when given) matches `matcher`.
    private func matches(_ matcher: EventMatcher, in table: String? = nil) -> String {
        let column = { (name: String) in table.map { "\($0).\(name)" } ?? name }
        var parts = ["\(column("ty")) = \(lit(matcher.type.rawValue))"]
        if let screen = matcher.screen { parts.append("\(column("sc")) = \(lit(screen))") }
        if let action = matcher.action { parts.append("\(column("ac")) = \(lit(action))") }
        for key in matcher.properties.keys.sorted() {
            parts.append("\(dialect.property(key, of: column("pr"))) = \(lit(matcher.properties[key] ?? ""))")
        }
        return "(" + parts.joined(separator: " AND ") + ")"
    }

    // MARK: Steps

    /// Configured steps: each step takes the user's first unused matching event at or after the previous one,
    /// events of one millisecond ordered by their match flags, last step first (``StepSignature``).
    private func addConfiguredSteps(to expressions: inout [(String, String)], rows: inout [String]) {
        let keys = keysWithSteps
        let stepCount = keys.map { funnel($0).steps.count }.max() ?? 0
        guard stepCount > 0 else { return }
        let steps = 1...stepCount
        let flags = steps.map { step in
            let condition = keys.compactMap { key -> String? in
                let definition = funnel(key).steps
                guard step <= definition.count else { return nil }
                return "(e = \(lit(key)) AND \(matches(definition[step - 1].matcher)))"
            }.joined(separator: " OR ")
            return "CASE WHEN \(condition) THEN 1 ELSE 0 END AS m\(step)"
        }
        let keyList = keys.map(lit).joined(separator: ", ")
        expressions.append(("sf", "SELECT e, v, u, o, \(flags.joined(separator: ", ")) FROM w WHERE e IN (\(keyList))"))
        let flagNames = steps.map { "m\($0)" }
        let order = (["o"] + flagNames.reversed()).joined(separator: ", ")
        expressions.append(("sm", "SELECT e, v, u, o, \(flagNames.joined(separator: ", ")), "
            + "ROW_NUMBER() OVER (PARTITION BY e, u ORDER BY \(order)) AS p FROM sf WHERE \(flagNames.joined(separator: " + ")) > 0"))
        expressions.append(("s1", "SELECT e, v, u, MIN(o) AS o, MIN(p) AS p1 FROM sm WHERE m1 = 1 GROUP BY e, v, u"))
        for step in steps.dropFirst() {
            let previous = (1..<step).map { "s\(step - 1).p\($0)" }
            let unused = previous.map { "sm.p <> \($0)" }.joined(separator: " AND ")
            let carried = previous.enumerated().map { "\($0.element) AS p\($0.offset + 1)" }.joined(separator: ", ")
            // `q`: when the user reached the step before, so the time over this step needs no other join.
            expressions.append(("s\(step)", "SELECT sm.e AS e, sm.v AS v, sm.u AS u, MIN(sm.o) AS o, s\(step - 1).o AS q, \(carried), "
                + "MIN(sm.p) AS p\(step) FROM sm JOIN s\(step - 1) ON sm.e = s\(step - 1).e AND sm.u = s\(step - 1).u "
                + "WHERE sm.m\(step) = 1 AND sm.o >= s\(step - 1).o AND \(unused) "
                + "GROUP BY sm.e, sm.v, sm.u, s\(step - 1).o, \(previous.joined(separator: ", "))"))
        }
        for step in steps {
            rows.append(row(measure: .step, step: "\(step)", value: "o", total: "COUNT(*)", from: "s\(step) GROUP BY e, v, o"))
            // Each user's time over the step: from the step before (the exposure, for step 1) to this one.
            rows.append(row(measure: .stepGap, step: "\(step)", value: "gp", total: "COUNT(*)",
                            from: "(SELECT e, v, o\(step == 1 ? "" : " - q") AS gp FROM s\(step)) AS g\(step) GROUP BY e, v, gp"))
            rows.append(row(measure: .convertedReachingStep, step: "\(step)", total: "COUNT(*)",
                            from: "(SELECT g.e AS e, g.v AS v FROM g JOIN s\(step) AS sk ON g.e = sk.e AND g.u = sk.u) AS cs GROUP BY e, v"))
        }
    }

    /// Discovered steps: each arm's screens ordered by the median (nearest rank) of its users' first showings,
    /// ties by name; a user reaches a step when every earlier one was reached no later.
    private func addDiscoveredSteps(to expressions: inout [(String, String)], rows: inout [String]) {
        guard countsDiscoveredSteps else { return }
        let withSteps = keysWithSteps
        let others = withSteps.isEmpty ? "" : " AND e NOT IN (\(withSteps.map(lit).joined(separator: ", ")))"
        let running = "ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW"
        expressions += [
            ("fs", "SELECT e, v, u, sc, MIN(o) AS o FROM w WHERE ty = 'screen_shown' AND sc IS NOT NULL\(others) GROUP BY e, v, u, sc"),
            ("fr", "SELECT e, v, sc, o, ROW_NUMBER() OVER (PARTITION BY e, v, sc ORDER BY o) AS r, "
                + "COUNT(*) OVER (PARTITION BY e, v, sc) AS n FROM fs"),
            ("dm", "SELECT e, v, sc, o FROM fr WHERE r = \(dialect.integerDivision("n * 50 + 99", "100"))"),
            ("dn", "SELECT e, v, sc, ROW_NUMBER() OVER (PARTITION BY e, v ORDER BY o, sc) AS step FROM dm"),
            ("ds", "SELECT e, v, sc, step FROM dn WHERE step <= \(FunnelDefinition.maximumDiscoveredSteps)"),
            ("du", "SELECT fs.e AS e, fs.v AS v, fs.u AS u, ds.step AS step, fs.o AS o, "
                + "ROW_NUMBER() OVER (PARTITION BY fs.e, fs.u ORDER BY ds.step) AS r, "
                + "MAX(fs.o) OVER (PARTITION BY fs.e, fs.u ORDER BY ds.step \(running)) AS hi "
                + "FROM fs JOIN ds ON fs.e = ds.e AND fs.v = ds.v AND fs.sc = ds.sc"),
            ("dr", "SELECT e, v, u, step, o, r, SUM(CASE WHEN o < hi THEN 1 ELSE 0 END) "
                + "OVER (PARTITION BY e, u ORDER BY step \(running)) AS late FROM du"),
        ]
        rows.append(row(measure: .discoveredStep, step: "step", name: "sc", total: "0", from: "ds"))
        rows.append(row(measure: .discoveredScreensBeyondCap, total: "COUNT(*)",
                        from: "dn WHERE step > \(FunnelDefinition.maximumDiscoveredSteps) GROUP BY e, v"))
        rows.append(row(measure: .step, step: "step", value: "o", total: "COUNT(*)",
                        from: "dr WHERE r = step AND late = 0 GROUP BY e, v, step, o"))
        // The steps a user reached are the first rows of their partition, in order of time: the latest time before a
        // reached step's row is the step before's.
        rows.append(row(measure: .stepGap, step: "step", value: "gp", total: "COUNT(*)",
                        from: "(SELECT e, v, step, o - COALESCE(MAX(o) OVER (PARTITION BY e, u ORDER BY step "
                            + "ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS gp, r, late FROM dr) AS dg "
                            + "WHERE r = step AND late = 0 GROUP BY e, v, step, gp"))
        rows.append(row(measure: .convertedReachingStep, step: "step", total: "COUNT(*)",
                        from: "(SELECT g.e AS e, g.v AS v, dr.step AS step FROM g JOIN dr ON g.e = dr.e AND g.u = dr.u "
                            + "WHERE dr.r = dr.step AND dr.late = 0) AS cd GROUP BY e, v, step"))
    }

    // MARK: Metrics and segments

    /// Every metric measurement of every configured experiment, per user as ``UserMeasure`` measures it, counted as
    /// users per tuple of values of each measurement group (``ExperimentMetrics/measurementGroups``,
    /// ``MeasuredValues``), with a ``AggregateMeasure/metricGroup`` row per arm and group.
    private func addMetrics(to expressions: inout [(String, String)], rows: inout [String]) {
        let measured = configuredKeys.compactMap { key -> (key: String, metrics: ExperimentMetrics)? in
            let metrics = ExperimentMetrics(plan: experiments[key], funnel: funnel(key))
            return metrics.measurements.isEmpty ? nil : (key, metrics)
        }
        guard !measured.isEmpty else { return }
        // Each exposed user's events from their exposure to the end of the experiment's longest metric window.
        let windows = measured.map { "WHEN au.e = \(lit($0.key)) THEN \($0.metrics.measurements.map(\.windowMilliseconds).max() ?? 0)" }
        expressions.append(("mv", "SELECT au.e AS e, au.v AS v, au.u AS u, ev.t - au.a AS o, ev.ty AS ty, ev.sc AS sc, ev.ac AS ac, "
            + "ev.pr AS pr FROM au JOIN ev ON ev.u = au.u WHERE au.e IN (\(measured.map { lit($0.key) }.joined(separator: ", "))) "
            + "AND ev.t >= au.a AND ev.t - au.a <= CASE \(windows.joined(separator: " ")) ELSE 0 END"))
        addLookbackEvents(of: measured, to: &expressions)
        var count = 0
        for (key, metrics) in measured {
            for (offset, group) in metrics.measurementGroups.enumerated() {
                var names: [String] = []
                var absent: [String] = []
                for index in group {
                    count += 1
                    names.append("m\(count)")
                    let isDuration = if case .duration = metrics.measurements[index].quantity { true } else { false }
                    absent.append(isDuration ? "''" : "'0'")
                    expressions += measurementExpressions(metrics.measurements[index], of: key, named: "m\(count)")
                }
                // Each CUPED covariate of the group follows its values: the quantity over the lookback, 0 without history.
                for covariate in metrics.covariates(ofGroup: group) {
                    count += 1
                    names.append("m\(count)")
                    absent.append("'0'")
                    let lookbackStart = "a - (((a % \(Self.dayMilliseconds)) + \(Self.dayMilliseconds)) % \(Self.dayMilliseconds)) "
                        + "- \(Int64(covariate.lookbackDays) * Self.dayMilliseconds)"
                    expressions.append(("m\(count)", fieldQuery(
                        covariate.measurement.quantity, events: "FROM lb WHERE e = \(lit(key)) AND t >= \(lookbackStart)"
                    )))
                }
                let fields = zip(names, absent).map { name, absent in "COALESCE(\(name).f, \(absent))" }
                let joins = names.map { "LEFT JOIN \($0) ON \($0).e = au.e AND \($0).u = au.u" }.joined(separator: " ")
                let anyValue = names.map { "\($0).u IS NOT NULL" }.joined(separator: " OR ")
                expressions.append(("mg\(count)", names.count == 1
                    ? "SELECT e, v, f AS tu FROM \(names[0])"
                    : "SELECT au.e AS e, au.v AS v, \(fields.joined(separator: " || '|' || ")) AS tu FROM au \(joins) "
                        + "WHERE au.e = \(lit(key)) AND (\(anyValue))"))
                rows.append(row(measure: .metricGroup, step: "\(offset + 1)", name: lit(metrics.labelWithCovariates(ofGroup: group)),
                                total: "0", from: "au WHERE e = \(lit(key)) GROUP BY e, v"))
                rows.append(row(measure: .metricUsers, step: "\(offset + 1)", reason: "tu", total: "COUNT(*)",
                                from: "mg\(count) GROUP BY e, v, tu"))
            }
        }
    }

    /// Milliseconds in a day: CUPED's lookbacks are whole UTC days.
    private static let dayMilliseconds: Int64 = 86_400_000

    /// `lb`: each user's events before their first exposure to an experiment whose metrics CUPED adjusts, back to
    /// the start of the longest lookback (the UTC day of the exposure, and that many whole days before it); `t` the
    /// event's time, `a` the exposure's. An event of the exposure's millisecond is after it, as for the metric.
    private func addLookbackEvents(of measured: [(key: String, metrics: ExperimentMetrics)], to expressions: inout [(String, String)]) {
        let adjusted = measured.filter { !$0.metrics.covariates.isEmpty }
        guard !adjusted.isEmpty else { return }
        let day = Self.dayMilliseconds
        let lookbacks = adjusted.map { "WHEN au.e = \(lit($0.key)) THEN \(($0.metrics.covariates.map(\.lookbackDays).max() ?? 0))" }
        expressions.append(("lb", "SELECT au.e AS e, au.v AS v, au.u AS u, ev.t AS t, au.a AS a, ev.ty AS ty, ev.sc AS sc, ev.ac AS ac, "
            + "ev.pr AS pr FROM au JOIN ev ON ev.u = au.u WHERE au.e IN (\(adjusted.map { lit($0.key) }.joined(separator: ", "))) "
            + "AND ev.t < au.a AND ev.t >= au.a - (((au.a % \(day)) + \(day)) % \(day)) "
            + "- \(day) * CASE \(lookbacks.joined(separator: " ")) ELSE 0 END"))
    }

    /// The query that gives each user with a matching event among `events` (a `FROM` clause over columns `e`, `v`,
    /// `u`, `ty`, `sc`, `ac`, `pr`) their value of `quantity` (a match, a count or a sum) as the field of
    /// ``MeasuredValues`` (`f`).
    private func fieldQuery(_ quantity: MetricMeasurement.Quantity, events: String) -> String {
        switch quantity {
        case .any(let matcher):
            return "SELECT e, v, u, '1' AS f \(events) AND \(matches(matcher)) GROUP BY e, v, u"
        case .count(let matcher):
            return "SELECT e, v, u, \(dialect.text("COUNT(*)")) AS f \(events) AND \(matches(matcher)) GROUP BY e, v, u"
        case .sum(let matcher, let property):
            // The events, then the numbers among their values, sorted so that equal sets of numbers are one tuple.
            let numbers = dialect.sortedConcatenation("n")
            return "SELECT e, v, u, CASE WHEN \(numbers) = '' THEN \(dialect.text("COUNT(*)")) "
                + "ELSE \(dialect.text("COUNT(*)")) || ' ' || \(numbers) END AS f FROM (SELECT e, v, u, "
                + "CASE WHEN \(dialect.isJSONNumber(prop(property))) THEN \(prop(property)) ELSE NULL END AS n "
                + "\(events) AND \(matches(matcher))) AS numbers GROUP BY e, v, u"
        case .duration, .retained:
            preconditionFailure("durations and retention windows are measured by measurementExpressions, and never adjusted")
        }
    }

    /// The expressions that give each user of experiment `key` with a value of `measurement` their value as the
    /// field of ``MeasuredValues`` (`f`), in the last one, `name`.
    private func measurementExpressions(_ measurement: MetricMeasurement, of key: String, named name: String) -> [(String, String)] {
        let events = "FROM mv WHERE e = \(lit(key)) AND o <= \(measurement.windowMilliseconds)"
        switch measurement.quantity {
        case .any, .count, .sum:
            return [(name, fieldQuery(measurement.quantity, events: events))]
        case .retained(let matcher, let start):
            // Users whose window had not ended when the log did are not measured (an empty field); of the others, only
            // those who came back have a row: a user without one is measured without a return.
            let end = measurement.windowMilliseconds
            return [
                ("\(name)r", "SELECT e, u \(events) AND o >= \(start) AND \(matches(matcher)) GROUP BY e, u"),
                (name, "SELECT au.e AS e, au.v AS v, au.u AS u, CASE WHEN le.t - au.a < \(end) THEN '' ELSE '1' END AS f FROM au "
                    + "CROSS JOIN (SELECT MAX(t) AS t FROM ev) AS le LEFT JOIN \(name)r AS rr ON rr.e = au.e AND rr.u = au.u "
                    + "WHERE au.e = \(lit(key)) AND (le.t - au.a < \(end) OR rr.u IS NOT NULL)"),
            ]
        case .duration(.exposure, let end):
            return [(name, "SELECT e, v, u, \(dialect.text("MIN(o)")) AS f \(events) AND \(matches(end)) GROUP BY e, v, u")]
        case .duration(.event(let start), let end):
            // The first end at or after the first start: an end of the start's millisecond is simultaneous with it.
            return [
                ("\(name)s", "SELECT e, v, u, MIN(o) AS s \(events) AND \(matches(start)) GROUP BY e, v, u"),
                (name, "SELECT st.e AS e, st.v AS v, st.u AS u, \(dialect.text("MIN(mv.o) - st.s")) AS f FROM \(name)s AS st "
                    + "JOIN mv ON mv.e = st.e AND mv.u = st.u WHERE mv.e = \(lit(key)) AND mv.o <= \(measurement.windowMilliseconds) "
                    + "AND mv.o >= st.s AND \(matches(end, in: "mv")) GROUP BY st.e, st.v, st.u, st.s"),
            ]
        }
    }

    /// Each user's segment: the property of their earliest session start in the window carrying it (of one
    /// millisecond, the smallest value).
    private func addSegments(to expressions: inout [(String, String)], rows: inout [String]) {
        guard let segmentBy else { return }
        expressions += [
            ("ss", "SELECT e, u, o, \(prop(segmentBy)) AS s FROM w WHERE ty = 'session_started' AND \(prop(segmentBy)) IS NOT NULL"),
            ("sx", "SELECT ss.e AS e, ss.u AS u, MIN(ss.s) AS s FROM ss JOIN (SELECT e, u, MIN(o) AS o FROM ss GROUP BY e, u) AS earliest "
                + "ON ss.e = earliest.e AND ss.u = earliest.u AND ss.o = earliest.o GROUP BY ss.e, ss.u"),
            ("su", "SELECT au.e AS e, au.v AS v, COALESCE(sx.s, '(unknown)') AS s, CASE WHEN g.u IS NULL THEN 0 ELSE 1 END AS c "
                + "FROM au LEFT JOIN sx ON sx.e = au.e AND sx.u = au.u LEFT JOIN g ON g.e = au.e AND g.u = au.u"),
        ]
        rows.append(row(measure: .segmentUsers, name: "s", total: "COUNT(*)", from: "su GROUP BY e, v, s"))
        rows.append(row(measure: .segmentConversions, name: "s", total: "SUM(c)", from: "su GROUP BY e, v, s"))
    }

    // MARK: Spelling

    private func row(
        measure: AggregateMeasure, experiment: String = "e", variant: String = "v", step: String = "0",
        name: String = "''", reason: String = "''", value: String = "0", total: String, from: String
    ) -> String {
        let text = { (expression: String) in "CAST(COALESCE(\(expression), '') AS \(dialect.stringType))" }
        let number = { (expression: String) in "CAST(\(expression) AS BIGINT)" }
        return "SELECT \(text(experiment)) AS experiment, \(text(variant)) AS variant, \(text(lit(measure.rawValue))) AS measure, "
            + "\(number(step)) AS step, \(text(name)) AS name, \(text(reason)) AS reason, \(number(value)) AS value, "
            + "\(number(total)) AS total FROM \(from)"
    }

    private func lit(_ text: String) -> String {
        dialect.literal(text)
    }

    private func prop(_ key: String) -> String {
        dialect.property(key, of: "pr")
    }
}
