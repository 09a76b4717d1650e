public import FlowEvents

/// Turns consumed logs into a ``Report``: the entry point of the `report` and `compare` commands.
///
/// Controls: `--control` when given (an error when it is not an arm); otherwise, in `report` mode, the first
/// variation the configuration lists, else the variant first exposed in the log; in `compare` mode the first log.
/// Arms are ordered control first, then configuration order, then order of first exposure.
///
/// Sample-ratio weights: the configured weights when they cover every arm, otherwise equal weights (with a
/// diagnostic when configured weights had to be set aside).
public enum ReportBuilder {
    /// Builds the `report` of everything `accumulator` consumed.
    ///
    /// - Parameters:
    ///   - accumulator: what was read from the logs.
    ///   - inputs: the input files, as they should be named in the report.
    ///   - diagnostics: notes from reading the inputs (malformed lines and the like), shown first.
    /// - Throws: ``ReportError`` when `--experiment` or `--control` name something the logs do not contain.
    public static func report(
        from accumulator: ExperimentLogAccumulator, inputs: [String], diagnostics: [String] = []
    ) throws(ReportError) -> Report {
        var accumulator = accumulator
        try accumulator.recountOutOfOrderUsers()
        let options = accumulator.options
        var notes = diagnostics
        if accumulator.duplicateEvents > 0 {
            notes.append(duplicatesNote(events: accumulator.duplicateEvents))
        }
        if accumulator.outOfOrderUsers > 0 {
            notes.append(outOfOrderNote(users: accumulator.outOfOrderUsers))
        }
        if accumulator.incompleteExposures > 0 {
            notes.append("\(accumulator.incompleteExposures) exposure events without experiment or variant ignored")
        }
        var keys = accumulator.experimentKeys
        if let selected = options.experiment {
            guard keys.contains(selected) || options.experiments[selected] != nil else {
                throw .unknownExperiment(selected, known: accumulator.exposedExperimentKeys.sorted())
            }
            keys = [selected]
        } else if keys.isEmpty {
            notes.append("no exposure events found: nothing to compare (logs of `run --variant` and `simulate --variant` hold assignments; use `compare`)")
        }
        var experiments: [ExperimentReport] = []
        for key in keys {
            experiments.append(try experimentReport(key: key, accumulator: accumulator, notes: &notes))
        }
        return Report(
            mode: .report, alpha: options.settings.effectiveAlpha, inputs: inputs, diagnostics: notes,
            duplicateEvents: accumulator.duplicateEvents, experiments: experiments
        )
    }

    /// Consumes `events` in order and builds their `report`; for callers that hold the events already.
    public static func report(
        events: some Sequence<FlowEvent>, options: ReportOptions, inputs: [String], diagnostics: [String] = []
    ) throws(ReportError) -> Report {
        let events = Array(events)
        var accumulator = ExperimentLogAccumulator(options: options)
        accumulator.consume(contentsOf: events)
        if let length = accumulator.rereadLength {
            _ = accumulator.reread(Array(events.prefix(length)))
        }
        return try report(from: accumulator, inputs: inputs, diagnostics: diagnostics)
    }

    /// The diagnostic saying that the logs delivered `events` events again, which were counted once.
    public static func duplicatesNote(events: Int) -> String {
        "\(events) duplicate \(events == 1 ? "event" : "events") ignored, each event counted once: the same user, session and "
            + "seq as an event read before (or, in a log without seq, identical to one)"
    }

    /// The diagnostic saying that `users` users' events arrived out of time order.
    public static func outOfOrderNote(users: Int) -> String {
        "events of \(users) \(users == 1 ? "user" : "users") arrived out of time order: each user's events were counted in time order"
    }

    /// Builds the `compare` of `logs`, each log one arm, in the shape of a one-experiment ``Report``.
    ///
    /// - Throws: ``ReportError`` for fewer than two logs or a `--control` that names no arm or file.
    public static func compare(
        _ logs: [ComparedLog], options: CompareOptions, diagnostics: [String] = []
    ) throws(ReportError) -> Report {
        guard logs.count >= 2 else { throw .tooFewLogs(logs.count) }
        var notes = diagnostics
        let names = armNames(of: logs, notes: &notes)
        var controlIndex = 0
        if let control = options.control {
            guard let index = names.firstIndex(of: control) ?? logs.firstIndex(where: { $0.label == control }) else {
                throw .unknownControl(control, experiment: options.experiment ?? CompareOptions.defaultExperimentKey, arms: names)
            }
            controlIndex = index
        }
        let order = [controlIndex] + logs.indices.filter { $0 != controlIndex }
        let armTallies = logs.map { $0.accumulator.tally() }
        let arms = order.map { index in ArmReport(variant: names[index], source: logs[index].label, tally: armTallies[index]) }
        // armNames made the names unique.
        let tallies = Dictionary(zip(names, armTallies), uniquingKeysWith: { first, _ in first })
        for arm in arms where arm.users == 0 {
            notes.append("\(arm.source ?? arm.variant): no session_started events, so no users")
        }
        noteSharedUsers(of: logs, notes: &notes)
        var weights: [Double]?
        if let configured = options.weights {
            if configured.count == logs.count {
                weights = order.map { configured[$0] }
            } else {
                notes.append("\(configured.count) weights given for \(logs.count) logs: sample-ratio check uses equal weights")
            }
        }
        let duplicates = logs.reduce(0) { $0 + $1.accumulator.duplicateEvents }
        if duplicates > 0 { notes.append(duplicatesNote(events: duplicates)) }
        let funnel = options.funnel ?? .screensInOrderSeen
        var experiment = experimentReport(
            key: options.experiment ?? CompareOptions.defaultExperimentKey, funnel: funnel, arms: arms,
            excludedUsers: nil, weights: weights ?? equalWeights(arms.count), settings: options.settings
        )
        // Each log is an arm as an experiment's variant is: the same step by step and step-time comparisons, Holm-corrected.
        addStepDecompositions(
            to: &experiment, arms: arms, progress: { tallies[$0]?.funnelProgress }, goal: funnel.goal.summary,
            correction: .holm, alpha: options.settings.effectiveAlpha
        )
        addStepTimes(to: &experiment, arms: arms, tally: { tallies[$0] }, correction: .holm, settings: options.settings)
        return Report(
            mode: .compare, alpha: options.settings.effectiveAlpha, inputs: logs.map(\.label), diagnostics: notes,
            duplicateEvents: duplicates, experiments: [experiment]
        )
    }

    private static func experimentReport(
        key: String, accumulator: ExperimentLogAccumulator, notes: inout [String]
    ) throws(ReportError) -> ExperimentReport {
        try experimentReport(
            key: key, aggregates: accumulator.exposures(of: key)?.aggregates(
                options: accumulator.options, logEnd: accumulator.latestEventTime, logStart: accumulator.earliestEventTime
            ), options: accumulator.options,
            exposedKeys: accumulator.exposedExperimentKeys, notes: &notes
        )
    }

    /// The report of experiment `key` from its aggregates, nil when nobody was exposed to it.
    static func experimentReport(
        key: String, aggregates: ExperimentAggregates?, options: ReportOptions, exposedKeys: Set<String>,
        notes: inout [String]
    ) throws(ReportError) -> ExperimentReport {
        let configuration = options.experiments[key]
        let exposures = aggregates
        let funnel = options.funnel(for: key)
        var variants: [String] = []
        var seen: Set<String> = []
        for variant in (configuration?.variations ?? []) + (exposures?.variantsInExposureOrder ?? [])
        where seen.insert(variant).inserted {
            variants.append(variant)
        }
        guard let defaultControl = variants.first else {
            throw .unknownExperiment(key, known: exposedKeys.sorted())
        }
        let control = options.control ?? defaultControl
        guard seen.contains(control) else {
            throw .unknownControl(control, experiment: key, arms: variants)
        }
        let ordered = [control] + variants.filter { $0 != control }
        let tallies = exposures?.tallies ?? [:]
        // A variant the configuration does not list is shown, but neither compared nor in the sample-ratio check.
        let listed = configuration.map { Set($0.variations) }.flatMap { $0.isEmpty ? nil : $0 }
        let isAnalyzed = { (variant: String) in listed?.contains(variant) ?? true || variant == control }
        let arms = ordered.map { variant in
            var arm = ArmReport(
                variant: variant, source: nil,
                tally: tallies[variant] ?? ArmTally(definition: funnel, users: [])
            )
            if !isAnalyzed(variant) { arm.notInConfiguration = true }
            if options.topPaths > 0 { arm.paths = exposures?.paths[variant] }
            let skippable = Set(options.skippableSteps[key]?[variant] ?? []).filter(funnel.steps.indices.contains).sorted()
            if !skippable.isEmpty { arm.skippableSteps = skippable.map { funnel.steps[$0].name } }
            return arm
        }
        var experimentNotes = configurationNotes(key: key, configuration: configuration, source: options.configurationSource)
        for arm in arms where arm.skippableSteps != nil {
            let skippable = Set(options.skippableSteps[key]?[arm.variant] ?? []).filter(funnel.steps.indices.contains).sorted()
            let named = skippable.map { "step \($0 + 1) \"\(funnel.steps[$0].name)\"" }
            experimentNotes.append(
                "\(arm.variant) can skip \(named.joined(separator: ", ")): its explored flow map reaches a later step without "
                    + "\(named.count == 1 ? "it" : "them"); the funnel counts such users up to the step before, and the step "
                    + "by step terms still multiply to the ratio of conversion rates"
            )
        }
        for arm in arms {
            guard let beyond = arm.discoveredScreensBeyondCap else { continue }
            experimentNotes.append(
                "\(arm.variant): \(ReportNumberFormat.count(beyond)) more screens beyond the cap of "
                    + "\(FunnelDefinition.maximumDiscoveredSteps) discovered steps are not steps (configure the funnel's steps to choose them)"
            )
        }
        for arm in arms {
            guard let folded = arm.otherScreens else { continue }
            experimentNotes.append(
                "\(arm.variant): \(ReportNumberFormat.count(folded)) screens beyond the \(ScreenReport.maximumListed) with the most "
                    + "back navigations and failed mutations are counted together as the screen \(ScreenReport.otherScreen)"
            )
        }
        for arm in arms {
            let folded = arm.screens.compactMap(\.otherReasons)
            guard !folded.isEmpty else { continue }
            let screens = folded.count == 1 ? "1 screen" : "\(ReportNumberFormat.count(folded.count)) screens"
            experimentNotes.append(
                "\(arm.variant): \(ReportNumberFormat.count(folded.reduce(0, +))) failure reasons beyond the "
                    + "\(ScreenReport.maximumListedReasons) most frequent of their screen (on \(screens)) are counted together as "
                    + ScreenReport.otherReason
            )
        }
        for arm in arms where arm.notInConfiguration == true {
            experimentNotes.append(
                "\(arm.variant) is not a variation in the configuration: its \(arm.users) users are shown but left out "
                    + "of the comparisons and the sample-ratio check"
            )
        }
        let analyzed = ordered.filter(isAnalyzed)
        let weights = configuredWeights(
            of: configuration, for: analyzed, experiment: key, notes: &notes
        ) ?? equalWeights(analyzed.count)
        var report = experimentReport(
            key: key, funnel: funnel, arms: arms, excludedUsers: exposures?.multiVariantUsers ?? 0,
            weights: weights, settings: settings(of: options, for: configuration)
        )
        report.notes = experimentNotes
        // The verdict's own words, before segments and the step decomposition add their clauses to it.
        let ownVerdict = report.analysis.verdict
        if let segmentBy = options.segmentBy, let exposures {
            addSegments(
                to: &report, by: segmentBy, counts: exposures.segmentCounts, variants: analyzed, weights: weights,
                settings: settings(of: options, for: configuration)
            )
        }
        addStepDecompositions(
            to: &report, arms: arms.filter { isAnalyzed($0.variant) }, progress: { (tallies[$0] ?? ArmTally(definition: funnel, users: [])).funnelProgress },
            goal: funnel.goal.summary,
            correction: configuration?.correction ?? .holm, alpha: settings(of: options, for: configuration).effectiveAlpha
        )
        addStepTimes(
            to: &report, arms: arms.filter { isAnalyzed($0.variant) }, tally: { tallies[$0] },
            correction: configuration?.correction ?? .holm, settings: settings(of: options, for: configuration)
        )
        if options.topPaths > 0, let exposures {
            addPathShares(
                to: &report, arms: arms.filter { isAnalyzed($0.variant) }, keys: exposures.pathShareKeys, counts: exposures.pathShareCounts,
                correction: configuration?.correction ?? .holm, alpha: settings(of: options, for: configuration).effectiveAlpha
            )
        }
        let metrics = exposures?.metrics ?? ExperimentMetrics(plan: configuration, funnel: funnel)
        if !metrics.metrics.isEmpty || !metrics.undefined.isEmpty {
            let (comparisons, metricNotes) = MetricComparisons.compare(
                metrics, control: (control, tallies[control]),
                treatments: analyzed.filter { $0 != control }.map { ($0, tallies[$0]) },
                correction: configuration?.correction ?? .holm, settings: settings(of: options, for: configuration),
                bayesian: (options.engine ?? configuration?.engine ?? .frequentist) == .bayesian
                    ? BayesianSettings(prior: configuration?.prior ?? .improper, alpha: options.settings.alpha) : nil
            )
            report.metrics = comparisons
            report.notes += metricNotes
            if let coverage = metrics.lookbackCoverageNote(earliestExposure: exposures?.earliestExposure, logStart: exposures?.logStart) {
                report.notes.append(coverage)
            }
            let imbalances = MetricComparisons.imbalanceProblems(comparisons)
            if !imbalances.isEmpty {
                report.analysis.health.isHealthy = false
                report.analysis.health.problems += imbalances
                // As for the other health checks, the problems replace the verdict's own words; the clauses added
                // after them stay.
                let added = report.analysis.verdict.hasPrefix(ownVerdict) ? report.analysis.verdict.dropFirst(ownVerdict.count) : ""
                report.analysis.verdict = "do not trust this result: " + report.analysis.health.problems.joined(separator: "; ") + added
            }
            if let goals = MetricComparisons.goalSummary(report.metrics, alpha: options.settings.effectiveAlpha) {
                report.analysis.verdict += "; " + goals
            }
            if let warning = MetricComparisons.guardrailWarning(report.metrics, alpha: options.settings.effectiveAlpha) {
                let winner = report.analysis.comparisons.filter { $0.isSignificant && $0.absoluteDifference > 0 }
                    .max { $0.absoluteDifference < $1.absoluteDifference }?.variant
                report.analysis.verdict = ExperimentVerdict.withGuardrails(
                    report.analysis.verdict, winner: winner,
                    variantsWorseOnGuardrails: MetricComparisons.variantsWorseOnGuardrails(report.metrics)
                ) + "; " + warning
            }
        }
        return report
    }

    /// Adds one analysis per segment value and, per treatment, the test of whether its effect differs between them.
    private static func addSegments(
        to report: inout ExperimentReport, by segmentBy: String, counts: [String: [String: ArmCounts]],
        variants: [String], weights: [Double], settings: ComparisonSettings
    ) {
        let empty = ArmCounts(users: 0, conversions: 0)
        report.segmentBy = segmentBy
        let (segments, folded) = listedSegments(of: counts)
        if folded > 0 {
            report.otherSegmentValues = folded
            report.notes.append(
                "\(ReportNumberFormat.count(folded)) \(segmentBy) values beyond the \(SegmentReport.maximumListed) with the most "
                    + "users are counted together as the segment \(SegmentReport.otherValue)"
            )
        }
        for (value, counts) in segments {
            let arms = variants.map { (name: $0, counts: counts[$0] ?? empty) }
            let analysis = ExperimentStatistics.analyze(
                control: arms[0], treatments: Array(arms.dropFirst()), weights: weights, settings: settings
            )
            report.segments.append(SegmentReport(value: value, analysis: AnalysisReport(analysis, variants: variants)))
        }
        let alpha = settings.effectiveAlpha
        for treatment in variants.dropFirst() {
            let interaction = SegmentHeterogeneity.test(
                variant: treatment,
                segments: segments.map { _, counts in
                    (treatment: counts[treatment] ?? empty, control: counts[variants[0]] ?? empty)
                },
                alpha: alpha
            )
            report.segmentInteractions.append(interaction)
            if interaction.differsBetweenSegments {
                report.analysis.verdict += "; \(treatment)'s effect differs between \(segmentBy) segments "
                    + "(Cochran's Q \(StatisticsFormatting.pValue(interaction.pValue, alpha: alpha)))"
            }
        }
    }

    /// The segments a report lists, ordered by value: every value when there are at most
    /// ``SegmentReport/maximumListed``; otherwise the values with the most users, then one segment,
    /// ``SegmentReport/otherValue``, of all the others' users (a value spelt as that name among them). And how many
    /// values that last segment holds.
    private static func listedSegments(
        of counts: [String: [String: ArmCounts]]
    ) -> (segments: [(value: String, arms: [String: ArmCounts])], folded: Int) {
        guard counts.count > SegmentReport.maximumListed else {
            return (counts.keys.sorted().map { ($0, counts[$0] ?? [:]) }, 0)
        }
        var users = counts.mapValues { arms in arms.values.reduce(0) { $0 + $1.users } }
        users[SegmentReport.otherValue] = nil
        let kept = MostFrequentValues.top(SegmentReport.maximumListed, of: users)
        var other: [String: ArmCounts] = [:]
        for (value, arms) in counts where !kept.contains(value) {
            for (variant, arm) in arms {
                other[variant, default: ArmCounts(users: 0, conversions: 0)].users += arm.users
                other[variant, default: ArmCounts(users: 0, conversions: 0)].conversions += arm.conversions
            }
        }
        let listed = kept.sorted().map { ($0, counts[$0] ?? [:]) } + [(SegmentReport.otherValue, other)]
        return (listed, counts.count - kept.count)
    }

    /// The report's settings, with the configuration's testing method unless the report asks for sequential testing.
    private static func settings(of options: ReportOptions, for configuration: ExperimentAnalysisPlan?) -> ComparisonSettings {
        var settings = options.settings
        if settings.method == .fixedHorizon, let method = configuration?.testingMethod {
            settings.method = method
        }
        if settings.plannedEffect == nil {
            settings.plannedEffect = configuration?.plannedEffect
        }
        return settings
    }

    /// The note saying that `key` was measured without a configuration, and with what instead.
    private static func configurationNotes(
        key: String, configuration: ExperimentAnalysisPlan?, source: ConfigurationSource
    ) -> [String] {
        let defaults = "steps discovered from the screens shown, goal flow_completed, a 14-day window, "
            + "the variants as exposed and equal weights"
        switch source {
        case .unspecified:
            return []
        case let .notFound(reason):
            return ["no experiment configuration: \(reason); measured with \(defaults)"]
        case let .file(path):
            guard configuration == nil else { return [] }
            return ["\(key) is not in \(path); measured with \(defaults)"]
        }
    }

    private static func experimentReport(
        key: String, funnel: FunnelDefinition, arms: [ArmReport], excludedUsers: Int?, weights: [Double],
        settings: ComparisonSettings
    ) -> ExperimentReport {
        let analyzedArms = arms.filter { $0.notInConfiguration != true }
        let counts = analyzedArms.map { (name: $0.variant, counts: ArmCounts(users: $0.users, conversions: $0.goalConversions)) }
        let analysis = ExperimentStatistics.analyze(
            control: counts[0], treatments: Array(counts.dropFirst()), weights: weights, settings: settings,
            multipleExposureUsers: excludedUsers
        )
        return ExperimentReport(
            key: key, control: counts[0].name, conversionWindowSeconds: max(0, funnel.conversionWindowSeconds),
            goal: funnel.goal.summary, stepsDiscovered: funnel.discoversScreens,
            excludedMultiVariantUsers: excludedUsers ?? 0, arms: arms,
            analysis: AnalysisReport(analysis, variants: analyzedArms.map(\.variant))
        )
    }

    /// The configured weights in arm order, or nil (with a note when weights were configured but unusable).
    private static func configuredWeights(
        of configuration: ExperimentAnalysisPlan?, for variants: [String], experiment: String, notes: inout [String]
    ) -> [Double]? {
        guard let configuration, let weights = configuration.weights else { return nil }
        var weightByVariant: [String: Double] = [:]
        if weights.count == configuration.variations.count {
            for (variant, weight) in zip(configuration.variations, weights) where weightByVariant[variant] == nil {
                weightByVariant[variant] = weight
            }
        }
        let ordered = variants.compactMap { weightByVariant[$0] }
        guard ordered.count == variants.count else {
            notes.append("\(experiment): configured weights do not cover every variant; sample-ratio check uses equal weights")
            return nil
        }
        return ordered
    }

    private static func equalWeights(_ count: Int) -> [Double] {
        Array(repeating: 1, count: count)
    }

    /// Each log's arm name: its voted variant, else its label; made unique by appending the label, then a number.
    private static func armNames(of logs: [ComparedLog], notes: inout [String]) -> [String] {
        var names: [String] = []
        for log in logs {
            var name = log.accumulator.votedArmName ?? log.label
            if log.accumulator.votedArmName == nil {
                notes.append("\(log.label): no assignment or exposure names a variant; arm named after the file")
            }
            if names.contains(name) { name = "\(name) (\(log.label))" }
            var candidate = name
            var number = 2
            while names.contains(candidate) {
                candidate = "\(name) #\(number)"
                number += 1
            }
            names.append(candidate)
        }
        return names
    }

    private static func noteSharedUsers(of logs: [ComparedLog], notes: inout [String]) {
        var seen: Set<String> = []
        var shared: Set<String> = []
        for log in logs {
            for user in log.accumulator.userIDs where !seen.insert(user).inserted {
                shared.insert(user)
            }
        }
        if !shared.isEmpty {
            notes.append("\(shared.count) users appear in more than one log; each log counts them in its own arm")
        }
    }
}
