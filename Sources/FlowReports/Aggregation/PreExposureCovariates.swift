import FlowEvents

/// The CUPED covariates of every experiment whose plan asks for them (`analysis.cuped`): for each user, each
/// adjusted measurement over the lookback before the user's first exposure, read when that exposure is counted.
///
/// Every event of every user is recorded, exposed or not (a user's lookback precedes their exposure), as totals
/// per UTC day (``PreExposureHistory``). A covariate's lookback of N days covers the N whole UTC days before the
/// exposure's day and that day up to the exposure. Empty, and costing nothing per event, when no plan asks for
/// CUPED.
struct PreExposureCovariates: Sendable {
    /// One covariate: a measured quantity, by index in ``quantities`` (its window left out: the lookback replaces
    /// it), and a lookback.
    private struct Key: Hashable {
        var quantity: Int
        var lookbackDays: Int
    }

    /// The quantities recorded, each once, however many lookbacks read them.
    private let quantities: [MetricMeasurement.Quantity]
    private let keys: [Key]
    private let indices: [Key: Int]
    private let matcher: MeasurementMatcher?
    /// The longest lookback, in days.
    private let keptDays: Int64
    /// Each user's history, by user index; empty when there are no covariates.
    private var histories: [PreExposureHistory] = []

    /// The covariates of the plans in `options`.
    init(options: ReportOptions) {
        var quantities: [MetricMeasurement.Quantity] = []
        var keys: [Key] = []
        for (key, plan) in options.experiments.sorted(by: { $0.key < $1.key }) where options.experiment == nil || options.experiment == key {
            for covariate in ExperimentMetrics(plan: plan, funnel: options.funnel(for: key)).covariates {
                let quantity = quantities.firstIndex(of: covariate.measurement.quantity) ?? quantities.count
                if quantity == quantities.count { quantities.append(covariate.measurement.quantity) }
                let key = Key(quantity: quantity, lookbackDays: covariate.lookbackDays)
                if !keys.contains(key) { keys.append(key) }
            }
        }
        self.quantities = quantities
        self.keys = keys
        indices = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
        matcher = quantities.isEmpty ? nil : MeasurementMatcher(quantities.map {
            MetricMeasurement(quantity: $0, windowMilliseconds: 0, cap: nil)
        })
        keptDays = Int64(keys.map(\.lookbackDays).max() ?? 0)
    }

    /// Whether no plan asks for CUPED.
    var isEmpty: Bool {
        matcher == nil
    }

    /// For each of `metrics`' covariates (``ExperimentMetrics/covariates``), its index here.
    func covariateIndices(of metrics: ExperimentMetrics) -> [Int] {
        metrics.covariates.compactMap { covariate in
            quantities.firstIndex(of: covariate.measurement.quantity).flatMap { indices[Key(quantity: $0, lookbackDays: covariate.lookbackDays)] }
        }
    }

    /// Makes room for the user with index `user`, numbered just now.
    mutating func addUser(_ user: Int) {
        guard matcher != nil else { return }
        while histories.count <= user { histories.append(PreExposureHistory()) }
    }

    /// Records `event` of the user with index `user`; events must come in the user's time order.
    mutating func record(_ event: FlowEvent, ofUser user: Int) {
        guard let matcher else { return }
        let day = PreExposureHistory.day(of: event.time.millisecondsSince1970)
        let keptDays = keptDays
        matcher.forEachContribution(of: event) { covariate, value in
            histories[user].add(value, to: covariate, on: day, keptDays: keptDays)
        }
    }

    /// Forgets the events of the user with index `user`, whose events are counted again.
    mutating func forget(user: Int) {
        guard matcher != nil else { return }
        histories[user] = PreExposureHistory()
    }

    /// The covariates `indices` (``covariateIndices(of:)``) of the user with index `user` exposed at `time`, from
    /// the events recorded so far (those before the exposure). A proportion's covariate is 1 when some event matched
    /// in the lookback; a sum's covariate is its numbers' exact sum, rounded once.
    func covariates(_ indices: [Int], ofUser user: Int, exposedAt time: EventTimestamp) -> [Double] {
        let day = PreExposureHistory.day(of: time.millisecondsSince1970)
        return indices.map { index in
            let key = keys[index]
            let total = histories[user].total(of: key.quantity, from: day, lookbackDays: Int64(key.lookbackDays))
            if case .any = quantities[key.quantity] { return total.isZero ? 0 : 1 }
            // Rounded once: the same Double whatever the order the events came in.
            return total.rounded()
        }
    }
}
