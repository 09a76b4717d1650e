public import FlowEvents

/// Consumes a log one event at a time and keeps what a `report` needs for every experiment, whatever order
/// the lines arrive in.
///
/// A user's variant for an experiment is the variant of their first `exposure` event naming that experiment;
/// `assignment` events are never exposures. Each user's events are counted in the user's time order, with
/// exposures first within a millisecond and the other events of a millisecond simultaneous (docs/Statistics.md
/// states the rules). Users whose events arrive in that order are counted as they arrive: memory grows with distinct
/// users (times the experiments they are exposed to), not with events.
///
/// Once a user's events arrive out of order, the accumulator keeps every event from then on, and the user is
/// counted again at the end from their events sorted by time. Their events from before that moment come from
/// a second read of the log's beginning: when ``rereadLength`` is not nil, hand the first `rereadLength`
/// events of the same log again, in the same order, to ``reread(_:)`` before building the report.
///
/// To report on log files, call ``EventLogReport/report(of:options:workers:)``, which reads them into an
/// accumulator and builds the report; for events in memory, ``ReportBuilder/report(events:options:inputs:diagnostics:)``.
/// Use an accumulator directly to count events streamed from elsewhere, then build the report with
/// ``ReportBuilder/report(from:inputs:diagnostics:)``.
public struct ExperimentLogAccumulator: Sendable {
    /// The options the accumulator was created with; ``ReportBuilder`` reads them back.
    public let options: ReportOptions
    /// Events consumed so far, duplicates included.
    public private(set) var eventsConsumed = 0
    /// The latest time of the events consumed, and of those ``noteLatestEventTime(_:)`` was told of (the events a
    /// reader left out as irrelevant): where the log ends, for metric windows that must close within it.
    public private(set) var latestEventTime: EventTimestamp?
    /// The earliest time of the events consumed, and of those ``noteEarliestEventTime(_:)`` was told of: where the log
    /// begins, for CUPED's lookbacks that reach before it.
    public private(set) var earliestEventTime: EventTimestamp?
    /// The events consumed so far, known by identity: an event consumed again is a duplicate and counted once.
    private var delivered = DeliveredEvents()
    /// Of the reread events, those of out-of-order users reread so far: the same duplicates are told apart again.
    private var redelivered = DeliveredEvents()
    /// `exposure` events ignored because they name no experiment or no variant.
    public private(set) var incompleteExposures = 0
    /// Every experiment key the log's exposures named, tracked or not (for error messages).
    public private(set) var exposedExperimentKeys: Set<String> = []
    /// The tracked experiments, in order of first exposure; an array so that every event updates them in place.
    private var experiments: [ExperimentExposures] = []
    private var experimentIndices: [String: Int] = [:]
    /// For each tracked experiment, by index, the indices in `covariates` of its metrics' covariates
    /// (``ExperimentMetrics/covariates``); empty for an experiment without CUPED.
    private var covariateIndices: [[Int]] = []
    /// The CUPED covariates of every user; empty when no experiment asks for CUPED.
    private var covariates: PreExposureCovariates
    /// The experiment the last exposure named and what ``noteExposure(_:)`` returned for it: exposures to one
    /// experiment follow one another, and comparing a key is cheaper than hashing it.
    private var lastExposure: (key: String, trackedIndex: Int?)?
    /// For every user, by index, the tracked experiments they were exposed to and their position in each: an
    /// event is handed only to those.
    private var exposuresByUser: [UserExposures] = []
    /// How many times an event was handed to one experiment: the accumulator's work, which specs check grows
    /// with events times their users' experiments, never with events times every experiment.
    private(set) var eventsRoutedToExperiments = 0
    private let filter: ExperimentEventFilter
    private var arrivals = UserArrivalOrder()
    /// The countable events of the latest millisecond of a user not yet exposed, for an exposure logged after them
    /// in that millisecond; unused with CUPED, whose lookback would have read them.
    private var held = HeldMillisecond()
    /// Events handed to `consume`, each event's position in the log as the accumulator saw it.
    private var consumedCount = 0
    /// The position of the first event that arrived out of order; every event from it on is kept.
    private var keptFrom: Int?
    /// The events kept, each with its user's index and position.
    private var keptEvents: [FlowEvent] = []
    private var keptKeys: [RecountKey] = []
    /// Events of out-of-order users handed back by ``reread(_:)``, and how many events it was handed.
    private var rereadEvents: [FlowEvent] = []
    private var rereadKeys: [RecountKey] = []
    private var rereadCount = 0
    private var isRecounted = false

    /// Creates an empty accumulator.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
        filter = ExperimentEventFilter(options: options)
        covariates = PreExposureCovariates(options: options)
    }

    /// The filter of the events this accumulator can learn something from.
    public var eventFilter: ExperimentEventFilter {
        filter
    }

    /// How many events were consumed again after their first delivery (the same `EventIdentity`) and left
    /// uncounted.
    public var duplicateEvents: Int {
        delivered.duplicates
    }

    /// How many users' events arrived out of their time order.
    public var outOfOrderUsers: Int {
        arrivals.outOfOrderUsers
    }

    /// How many events, from the start of the log, ``reread(_:)`` still needs; nil when it needs none.
    ///
    /// The events must be those handed to `consume` before, in the same order.
    public var rereadLength: Int? {
        guard let keptFrom, keptFrom > 0, rereadCount < keptFrom else { return nil }
        return keptFrom
    }

    /// Counts one event; call in log order.
    public mutating func consume(_ event: FlowEvent) {
        var event = event
        consume(&event, userHash: event.user.hashValue, isKnownRelevant: false)
    }

    /// Counts events ``eventFilter`` found relevant, in log order: the same as consuming them one by one,
    /// without judging each event a second time; `userHashes[i]` is `events[i].user.hashValue`.
    ///
    /// The events are lent `inout` only so that each is read where it lies: the compiler copies an element of an
    /// array it is merely lent before handing it to a mutating method, and a copy retains and releases every text
    /// in it, several times a batch's worth of work on the one thread that counts. The events are left unchanged.
    mutating func consume(relevant events: inout [FlowEvent], userHashes: [Int]) {
        for index in events.indices {
            consume(&events[index], userHash: userHashes[index], isKnownRelevant: true)
        }
    }

    /// Counts `event`, which is `inout` only to be read in place (see ``consume(relevant:userHashes:)``).
    private mutating func consume(_ event: inout FlowEvent, userHash: Int, isKnownRelevant: Bool) {
        eventsConsumed += 1
        if !isKnownRelevant {
            noteLatestEventTime(event.time)
            noteEarliestEventTime(event.time)
        }
        let position = consumedCount
        consumedCount += 1
        let user = index(ofUser: event.user, hash: userHash)
        guard delivered.insert(event, ofUser: user) else { return }
        var trackedExperiment: Int?
        if event.type == .exposure {
            trackedExperiment = noteExposure(event)
        }
        var takesHeld = false
        if !arrivals.isOutOfOrder(user) {
            let opensWindow = trackedExperiment.map { experiment in
                exposuresByUser[user].exposure(toExperiment: experiment) == nil
            } ?? false
            let canCount = isKnownRelevant || event.type == .exposure || filter.isRelevant(event)
            let time = event.time.millisecondsSince1970
            // An exposure after the countable events of its millisecond, all held: the window it opens takes them.
            takesHeld = opensWindow && covariates.isEmpty && held.holdsEvery(ofUser: user, at: time)
            if canCount, event.type != .exposure, covariates.isEmpty {
                if exposuresByUser[user].count == 0 {
                    held.hold(event, ofUser: user, at: time, isFirstAtTime: !arrivals.hasCountableEvent(of: user, at: time))
                } else {
                    held.release(user: user, at: time)
                }
            }
            if arrivals.arrive(event, of: user, opensWindow: opensWindow && !takesHeld, canCount: canCount), keptFrom == nil {
                keptFrom = position
            }
        }
        if keptFrom != nil {
            keptKeys.append(RecountKey(user: user, event: event, position: position, index: keptEvents.count))
            keptEvents.append(event)
        }
        guard !arrivals.isOutOfOrder(user) else { return }
        count(event, of: user, inExperiment: trackedExperiment)
        if takesHeld, let experiment = trackedExperiment, let exposure = exposuresByUser[user].exposure(toExperiment: experiment) {
            eventsRoutedToExperiments += held.events.count
            for index in held.events.indices {
                experiments[experiment].consume(held.events[index], at: exposure.position)
            }
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

    /// Takes `time`, the latest time of events read but not consumed (`ReadSummary.latestEventTime` of a read
    /// that left irrelevant events out), into ``latestEventTime``. A reader that hands over only the relevant
    /// events must tell the latest time of all of them here: the accumulator sees no other.
    public mutating func noteLatestEventTime(_ time: EventTimestamp?) {
        guard let time else { return }
        if latestEventTime.map({ time.millisecondsSince1970 > $0.millisecondsSince1970 }) ?? true { latestEventTime = time }
    }

    /// Takes `time`, the earliest time of events read but not consumed (`ReadSummary.earliestEventTime`), into
    /// ``earliestEventTime``, as ``noteLatestEventTime(_:)`` does for the latest.
    public mutating func noteEarliestEventTime(_ time: EventTimestamp?) {
        guard let time else { return }
        if earliestEventTime.map({ time.millisecondsSince1970 < $0.millisecondsSince1970 }) ?? true { earliestEventTime = time }
    }

    /// Counts `count` events that ``eventFilter`` found irrelevant, in place of consuming them, without telling
    /// their duplicates apart: ``countIrrelevantEvents(identifiedBy:)`` does.
    public mutating func countIrrelevantEvents(_ count: Int) {
        eventsConsumed += count
    }

    /// Counts the events ``eventFilter`` found irrelevant, in place of consuming them, by their identities: those
    /// delivered before are counted in ``duplicateEvents``.
    public mutating func countIrrelevantEvents(identifiedBy identities: [EventIdentity]) {
        eventsConsumed += identities.count
        for identity in identities {
            _ = delivered.insert(identity, ofUser: index(ofUser: identity.user, hash: identity.userHash))
        }
    }

    /// The number of `user`, whose `hashValue` is `hash`, numbering a new user.
    private mutating func index(ofUser user: String, hash: Int) -> Int {
        let index = arrivals.index(of: user, hash: hash)
        if index == exposuresByUser.count {
            exposuresByUser.append(UserExposures())
            covariates.addUser(index)
        }
        return index
    }

    /// Takes back the log's first events, as ``rereadLength`` asks, and returns whether it wants more.
    ///
    /// Events past ``rereadLength`` are ignored.
    public mutating func reread(_ events: [FlowEvent]) -> Bool {
        reread(events, userHashes: events.map(\.user.hashValue))
    }

    /// As ``reread(_:)``, with `userHashes[i]` the `hashValue` of `events[i].user`.
    mutating func reread(_ events: [FlowEvent], userHashes: [Int]) -> Bool {
        guard let wanted = rereadLength else { return false }
        for (event, userHash) in zip(events, userHashes) {
            guard rereadCount < wanted else { break }
            if let user = arrivals.existingIndex(of: event.user, hash: userHash), arrivals.isOutOfOrder(user),
               redelivered.insert(event, ofUser: user) {
                rereadKeys.append(RecountKey(user: user, event: event, position: rereadCount, index: rereadEvents.count))
                rereadEvents.append(event)
            }
            rereadCount += 1
        }
        return rereadCount < wanted
    }

    /// Counts every out-of-order user again from their events in time order; call once every event was
    /// consumed (and reread when ``rereadLength`` asked).
    ///
    /// - Throws: ``ReportError/logNotReread(events:)`` when the log's beginning was not reread as asked.
    mutating func recountOutOfOrderUsers() throws(ReportError) {
        guard !isRecounted, keptFrom != nil else { return }
        if let wanted = rereadLength { throw .logNotReread(events: wanted) }
        isRecounted = true
        // Reread events come first in the log; kept events are told apart by an index past theirs.
        if !rereadKeys.isEmpty {
            for index in keptKeys.indices {
                keptKeys[index].index += rereadEvents.count
            }
            keptKeys = rereadKeys + keptKeys
        }
        let keys = Self.sortedByUser(keptKeys) { arrivals.isOutOfOrder($0) }
        keptKeys = []
        rereadKeys = []
        var previousUser = -1
        for key in keys {
            if key.user != previousUser {
                for index in 0..<exposuresByUser[key.user].count {
                    let exposure = exposuresByUser[key.user][index]
                    experiments[exposure.experiment].forget(at: exposure.position)
                }
                exposuresByUser[key.user] = UserExposures()
                covariates.forget(user: key.user)
                previousUser = key.user
            }
            let event = key.index < rereadEvents.count ? rereadEvents[key.index] : keptEvents[key.index - rereadEvents.count]
            count(event, of: key.user, inExperiment: key.isExposure ? trackedExperiment(of: event) : nil)
        }
        rereadEvents = []
        keptEvents = []
    }

    /// `keys` sorted by user and each user's time order: bucketed by user in one pass, then each user's few
    /// events sorted, cheaper than sorting them all at once.
    private static func sortedByUser(_ keys: [RecountKey], keeping isKept: (Int) -> Bool) -> [RecountKey] {
        guard let largestUser = keys.map(\.user).max() else { return [] }
        var starts = Array(repeating: 0, count: largestUser + 2)
        for key in keys where isKept(key.user) {
            starts[key.user + 1] += 1
        }
        for user in 0...largestUser {
            starts[user + 1] += starts[user]
        }
        var next = starts
        var sorted = [RecountKey](repeating: RecountKey(user: 0, time: 0, isExposure: false, position: 0, index: 0),
                                  count: starts[largestUser + 1])
        for key in keys where isKept(key.user) {
            sorted[next[key.user]] = key
            next[key.user] += 1
        }
        for user in 0...largestUser where starts[user + 1] - starts[user] > 1 {
            sorted[starts[user]..<starts[user + 1]].sort(by: <)
        }
        return sorted
    }

    /// The keys of the experiments with at least one exposure, sorted.
    public var experimentKeys: [String] {
        experimentIndices.keys.sorted()
    }

    /// The exposures of the experiment `key`, if it is tracked and was exposed.
    func exposures(of key: String) -> ExperimentExposures? {
        experimentIndices[key].map { experiments[$0] }
    }

    /// Counts `event` of the user with index `user`, an exposure of the experiment at `experiment` if given.
    private mutating func count(_ event: FlowEvent, of user: Int, inExperiment experiment: Int?) {
        if let experiment, let variant = event.variant {
            if let known = exposuresByUser[user].exposure(toExperiment: experiment) {
                experiments[experiment].recordExposure(at: known.position, variant: variant, time: event.time)
            } else {
                let adjusted = covariateIndices[experiment]
                let position = experiments[experiment].recordFirstExposure(
                    variant: variant, at: event.time,
                    covariates: adjusted.isEmpty ? [] : covariates.covariates(adjusted, ofUser: user, exposedAt: event.time)
                )
                exposuresByUser[user].append(UserExposure(experiment: experiment, position: position))
            }
        }
        // After the exposure is counted: an event is in the lookback of exposures that come after it only.
        if !covariates.isEmpty { covariates.record(event, ofUser: user) }
        let exposureCount = exposuresByUser[user].count
        eventsRoutedToExperiments += exposureCount
        for index in 0..<exposureCount {
            let exposure = exposuresByUser[user][index]
            experiments[exposure.experiment].consume(event, at: exposure.position)
        }
    }

    /// Notes an exposure's experiment, and returns the index of that experiment when it is tracked.
    private mutating func noteExposure(_ event: FlowEvent) -> Int? {
        guard let key = event.experiment, event.variant != nil else {
            incompleteExposures += 1
            return nil
        }
        if let lastExposure, lastExposure.key == key { return lastExposure.trackedIndex }
        exposedExperimentKeys.insert(key)
        guard options.experiment == nil || options.experiment == key else {
            lastExposure = (key, nil)
            return nil
        }
        if let known = experimentIndices[key] {
            lastExposure = (key, known)
            return known
        }
        lastExposure = (key, experiments.count)
        experimentIndices[key] = experiments.count
        let funnel = options.funnel(for: key)
        let metrics = ExperimentMetrics(plan: options.experiments[key], funnel: funnel)
        experiments.append(ExperimentExposures(
            funnel: funnel, metrics: metrics, segmentKey: options.segmentBy,
            countsPaths: options.topPaths > 0, pathLengthLimit: options.pathLengthLimit
        ))
        covariateIndices.append(metrics.covariates.isEmpty ? [] : covariates.covariateIndices(of: metrics))
        return experiments.count - 1
    }

    /// The index of the tracked experiment an exposure names, if any.
    private func trackedExperiment(of event: FlowEvent) -> Int? {
        guard let key = event.experiment, event.variant != nil else { return nil }
        return experimentIndices[key]
    }
}
