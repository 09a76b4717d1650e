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
            /// 1 for a user with a matching event in the retention window, else 0, over the users whose window
            /// ended within the log.
            case retention(Int)

            /// The measurements read, by index in ``ExperimentMetrics/measurements``: a ratio's numerator first.
            var measurements: [Int] {
                switch self {
                case .proportion(let index), .mean(let index), .duration(let index), .quantile(let index, _), .retention(let index): [index]
                case .ratio(let numerator, let denominator): [numerator, denominator]
                }
            }
        }

        var definition: MetricDefinition
        var role: MetricRole
        var reading: Reading
    }

    /// A covariate CUPED reads: one of ``measurements`` over one lookback before exposure.
    struct Covariate: Hashable, Sendable {
        var measurement: MetricMeasurement
        var lookbackDays: Int
    }

    /// The metrics, goals first, then guardrails, each once.
    let metrics: [Analysed]
    /// The per-user measurements the metrics read, each once.
    let measurements: [MetricMeasurement]
    /// Ids the plan names that no definition gives, for a note.
    let undefined: [String]
    /// The plan's request for CUPED (`analysis.cuped`), which a metric's own setting overrides.
    private let experimentAdjustment: RegressionAdjustmentSettings?
    /// The covariates the adjusted metrics (``adjustment(of:)``) read, each once; empty without CUPED.
    let covariates: [Covariate]

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
            var window = definition.windowMilliseconds ?? funnel.conversionWindowMilliseconds
            if case .retention(_, let days) = definition.kind { window = days.endMilliseconds }
            let measured = MetricMeasurement(quantity: quantity, windowMilliseconds: window, cap: definition.cap)
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
            case .ratio, .quantile, .retention: return nil
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
            case .retention(let matcher, let days):
                reading = .retention(measurement(.retained(matcher, startMilliseconds: days.startMilliseconds), of: definition))
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
        experimentAdjustment = plan?.regressionAdjustment
        var covariates: [Covariate] = []
        for metric in metrics {
            guard let adjustment = Self.adjustment(of: metric, measurements: measurements, experimentAdjustment: experimentAdjustment) else {
                continue
            }
            for index in metric.reading.measurements {
                let covariate = Covariate(measurement: measurements[index], lookbackDays: adjustment.lookbackDays)
                if !covariates.contains(covariate) { covariates.append(covariate) }
            }
        }
        self.covariates = covariates
    }

    /// The lookback `metric` asks for: its own `cuped`, else the plan's `analysis.cuped`; nil for none.
    func requestedAdjustment(of metric: Analysed) -> RegressionAdjustmentSettings? {
        Self.requestedAdjustment(of: metric, experimentAdjustment: experimentAdjustment)
    }

    /// The lookback `metric` is compared with CUPED over: the one it asks for (``requestedAdjustment(of:)``) when it is
    /// a proportion, a mean or a ratio of two such (quantiles and durations are compared unadjusted); else nil.
    func adjustment(of metric: Analysed) -> RegressionAdjustmentSettings? {
        Self.adjustment(of: metric, measurements: measurements, experimentAdjustment: experimentAdjustment)
    }

    private static func requestedAdjustment(of metric: Analysed, experimentAdjustment: RegressionAdjustmentSettings?) -> RegressionAdjustmentSettings? {
        switch metric.definition.regressionAdjustment {
        case .lookback(let settings)?: settings
        case .off?: nil
        case nil: experimentAdjustment
        }
    }

    private static func adjustment(
        of metric: Analysed, measurements: [MetricMeasurement], experimentAdjustment: RegressionAdjustmentSettings?
    ) -> RegressionAdjustmentSettings? {
        guard isAdjustable(metric.reading, measurements: measurements) else { return nil }
        return requestedAdjustment(of: metric, experimentAdjustment: experimentAdjustment)
    }

    /// Whether a reading has a covariate: proportions, means, and ratios whose two sides are counts, sums or
    /// proportions. A retention metric's users are those whose window ended, a subset a covariate is not aligned with.
    private static func isAdjustable(_ reading: Analysed.Reading, measurements: [MetricMeasurement]) -> Bool {
        switch reading {
        case .proportion, .mean: true
        case .duration, .quantile, .retention: false
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
