import FlowEvents

/// The metrics one experiment analyses, compiled into the per-user measurements they need: what the accumulator
/// measures for each exposed user, and how each metric reads those measurements.
struct ExperimentMetrics: Sendable {
    /// A metric of the experiment and the measurements it reads, by index in ``measurements``.
    struct Analysed: Sendable {
        /// How a metric reads its measurements.
        enum Reading: Sendable {
            /// 1 for a user with a matching event, else 0.
            case proportion(Int)
            /// The user's count or sum, 0 without a matching event.
            case mean(Int)
            /// The user's duration, when its end was reached.
            case duration(Int)
            /// The `level` quantile of the users' values that exist: durations reached, or counts and sums of
            /// users with a matching event.
            case quantile(Int, level: Double)
            /// The sum of one value over the sum of another, each per user.
            case ratio(numerator: Int, denominator: Int)

            /// The measurements read, by index in ``ExperimentMetrics/measurements``: a ratio's numerator first.
            var measurements: [Int] {
                switch self {
                case .proportion(let index), .mean(let index), .duration(let index), .quantile(let index, _): [index]
                case .ratio(let numerator, let denominator): [numerator, denominator]
                }
            }
        }

        var definition: MetricDefinition
        var role: MetricRole
        var reading: Reading
    }

    /// The metrics, goals first, then guardrails, each once.
    let metrics: [Analysed]
    /// The per-user measurements the metrics read, each once.
    let measurements: [MetricMeasurement]
    /// Ids the plan names that no definition gives, for a note.
    let undefined: [String]
    /// The plan's request for CUPED; nil when its metrics are compared unadjusted.
    let regressionAdjustment: RegressionAdjustmentSettings?
    /// Whether each measurement, by index in ``measurements``, needs its covariate (the same quantity over the
    /// lookback before exposure): it is read by an adjusted metric (``isAdjusted(_:)``). All false without CUPED.
    let needsCovariate: [Bool]

    /// No metrics.
    static let none = ExperimentMetrics(plan: nil, funnel: .screensInOrderSeen)

    /// Compiles the goal, guardrail and secondary metrics of `plan`, whose funnel is `funnel`.
    init(plan: ExperimentAnalysisPlan?, funnel: FunnelDefinition) {
        var metrics: [Analysed] = []
        var measurements: [MetricMeasurement] = []
        var undefined: [String] = []
        let roles = (plan?.goalMetrics ?? []).map { ($0, MetricRole.goal) } + (plan?.guardrails ?? []).map { ($0, MetricRole.guardrail) }
            + (plan?.secondaryMetrics ?? []).map { ($0, MetricRole.secondary) }
        var seen: Set<String> = []
        func measurement(_ quantity: MetricMeasurement.Quantity, of definition: MetricDefinition) -> Int {
            let measured = MetricMeasurement(
                quantity: quantity, windowMilliseconds: definition.windowMilliseconds ?? funnel.conversionWindowMilliseconds,
                cap: definition.cap
            )
            if let index = measurements.firstIndex(of: measured) { return index }
            measurements.append(measured)
            return measurements.count - 1
        }
        /// The measurement of a value metric (proportion, mean or duration), for ratios and quantiles.
        func valueMeasurement(_ id: String) -> Int? {
            guard let definition = plan?.definition(of: id, funnel: funnel) else { return nil }
            switch definition.kind {
            case .proportion(let matcher): return measurement(.any(matcher), of: definition)
            case .mean(let value): return measurement(Self.quantity(of: value), of: definition)
            case .duration(let start, let end): return measurement(.duration(start, end: end), of: definition)
            case .ratio, .quantile: return nil
            }
        }
        for (id, role) in roles where seen.insert(id).inserted {
            guard let definition = plan?.definition(of: id, funnel: funnel) else {
                undefined.append(id)
                continue
            }
            let reading: Analysed.Reading?
            switch definition.kind {
            case .proportion(let matcher):
                reading = .proportion(measurement(.any(matcher), of: definition))
            case .mean(let value):
                reading = .mean(measurement(Self.quantity(of: value), of: definition))
            case .duration(let start, let end):
                reading = .duration(measurement(.duration(start, end: end), of: definition))
            case .quantile(let of, let level):
                reading = valueMeasurement(of).map { .quantile($0, level: level) }
            case .ratio(let numerator, let denominator):
                reading = valueMeasurement(numerator).flatMap { numerator in
                    valueMeasurement(denominator).map { .ratio(numerator: numerator, denominator: $0) }
                }
            }
            guard let reading else {
                undefined.append(id)
                continue
            }
            metrics.append(Analysed(definition: definition, role: role, reading: reading))
        }
        self.metrics = metrics
        self.measurements = measurements
        self.undefined = undefined
        let adjustment = plan?.regressionAdjustment
        regressionAdjustment = adjustment
        var needsCovariate = Array(repeating: false, count: measurements.count)
        if adjustment != nil {
            for metric in metrics where Self.isAdjustable(metric.reading, measurements: measurements) {
                for index in metric.reading.measurements { needsCovariate[index] = true }
            }
        }
        self.needsCovariate = needsCovariate
    }

    /// Whether `metric` is compared with CUPED: the plan asks for it and the metric is a proportion, a mean or a
    /// ratio of two such (quantiles and durations are compared unadjusted).
    func isAdjusted(_ metric: Analysed) -> Bool {
        regressionAdjustment != nil && Self.isAdjustable(metric.reading, measurements: measurements)
    }

    /// Whether a reading has a covariate: proportions, means, and ratios whose two sides are counts, sums or
    /// proportions.
    private static func isAdjustable(_ reading: Analysed.Reading, measurements: [MetricMeasurement]) -> Bool {
        switch reading {
        case .proportion, .mean: true
        case .duration, .quantile: false
        case .ratio(let numerator, let denominator):
            [numerator, denominator].allSatisfy { index in
                if case .duration = measurements[index].quantity { return false }
                return true
            }
        }
    }

    private static func quantity(of value: MetricValue) -> MetricMeasurement.Quantity {
        value.property.map { .sum(value.events, property: $0) } ?? .count(value.events)
    }
}
