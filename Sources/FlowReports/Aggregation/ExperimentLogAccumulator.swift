public import FlowEvents

/// Consumes a log one event at a time, in file order, and keeps what a `report` needs for every experiment.
///
/// A user's variant for an experiment is the variant of their first `exposure` event naming that experiment;
/// `assignment` events are never exposures. Memory grows with distinct users (times the experiments they are
/// exposed to), not with events.
///
/// Assumes the events of one user arrive in time order, as Switchyard writes them. When several logs are fed
/// to one accumulator, feed them so that this still holds (for example, oldest log first).
public struct ExperimentLogAccumulator: Sendable {
    /// The options the accumulator was created with; ``ReportBuilder`` reads them back.
    public let options: ReportOptions
    /// Events consumed so far.
    public private(set) var eventsConsumed = 0
    /// `exposure` events ignored because they name no experiment or no variant.
    public private(set) var incompleteExposures = 0
    /// Every experiment key the log's exposures named, tracked or not (for error messages).
    public private(set) var exposedExperimentKeys: Set<String> = []
    /// The tracked experiments, in order of first exposure; an array so that every event updates them in place.
    private var experiments: [ExperimentExposures] = []
    private var experimentIndices: [String: Int] = [:]

    /// Creates an empty accumulator.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// The filter of the events this accumulator can learn something from.
    public var eventFilter: ExperimentEventFilter {
        ExperimentEventFilter(options: options)
    }

    /// Counts one event; call in file order.
    public mutating func consume(_ event: FlowEvent) {
        eventsConsumed += 1
        if event.type == .exposure {
            recordExposure(event)
        }
        for index in experiments.indices {
            experiments[index].consume(event)
        }
    }

    /// Consumes every event of `events`, in order.
    public mutating func consume(contentsOf events: some Sequence<FlowEvent>) {
        for event in events {
            consume(event)
        }
    }

    /// Consumes every event of `events`, in order.
    ///
    /// The same as the generic `consume(contentsOf:)`, which callers in other modules would run
    /// unspecialized, going through witness tables for every event.
    public mutating func consume(contentsOf events: [FlowEvent]) {
        for event in events {
            consume(event)
        }
    }

    /// Counts `count` events that ``eventFilter`` found irrelevant, in place of consuming them.
    public mutating func countIrrelevantEvents(_ count: Int) {
        eventsConsumed += count
    }

    /// The keys of the experiments with at least one exposure, sorted.
    public var experimentKeys: [String] {
        experimentIndices.keys.sorted()
    }

    /// The exposures of the experiment `key`, if it is tracked and was exposed.
    func exposures(of key: String) -> ExperimentExposures? {
        experimentIndices[key].map { experiments[$0] }
    }

    private mutating func recordExposure(_ event: FlowEvent) {
        guard let key = event.experiment, let variant = event.variant else {
            incompleteExposures += 1
            return
        }
        exposedExperimentKeys.insert(key)
        guard options.experiment == nil || options.experiment == key else { return }
        let index: Int
        if let known = experimentIndices[key] {
            index = known
        } else {
            index = experiments.count
            experimentIndices[key] = index
            experiments.append(ExperimentExposures(funnel: options.funnel(for: key)))
        }
        experiments[index].recordExposure(user: event.user, variant: variant, at: event.time)
    }
}
