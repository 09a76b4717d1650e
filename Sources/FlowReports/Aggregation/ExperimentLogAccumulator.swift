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
    /// For every exposed user, the tracked experiments they were exposed to: an event is handed only to those,
    /// so the work per event grows with its user's experiments, not with every experiment in the log.
    private var exposuresByUser: [String: UserExposures] = [:]
    /// How many times an event was handed to one experiment: the accumulator's work, which specs check grows
    /// with events times their users' experiments, never with events times every experiment.
    private(set) var eventsRoutedToExperiments = 0

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
        guard let exposures = exposuresByUser[event.user] else { return }
        eventsRoutedToExperiments += 1 + exposures.more.count
        experiments[exposures.first.experimentIndex].consume(event, userIndex: exposures.first.userIndex)
        for exposure in exposures.more {
            experiments[exposure.experimentIndex].consume(event, userIndex: exposure.userIndex)
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
        guard let userIndex = experiments[index].recordExposure(user: event.user, variant: variant, at: event.time) else {
            return
        }
        let exposure = UserExposures.Exposure(experimentIndex: index, userIndex: userIndex)
        if exposuresByUser[event.user]?.more.append(exposure) == nil {
            exposuresByUser[event.user] = UserExposures(first: exposure)
        }
    }
}

/// The tracked experiments one user was exposed to, the first held inline, as most users see one or two.
private struct UserExposures: Sendable {
    /// A user's place in one experiment.
    struct Exposure: Sendable {
        /// The experiment's position in the accumulator's experiments.
        var experimentIndex: Int
        /// The user's position in that experiment's exposed users.
        var userIndex: Int
    }

    var first: Exposure
    var more: [Exposure] = []
}
