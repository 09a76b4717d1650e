import Coordination
import Experiments
import FlowEvents
import SeededRandom
import VariantHost
import VariantKit

/// Drives a population of synthetic users through the real coordinators, in parallel, and
/// writes their events to a log: the same seed gives a byte-identical log whatever `jobs` is.
///
/// Users are simulated in fixed-size batches; each user draws from a random stream of their
/// own (seed, index), so a batch's bytes do not depend on which worker ran it. Batches are
/// written in order as they complete, with at most a few per worker waiting, so memory stays
/// flat however many users there are.
package struct Simulation: Sendable {
    /// Users per batch; part of the output's definition only through ordering, not content.
    static let batchSize = 256
    /// Events a simulated session may log before its user is made to leave, the session ending as a
    /// `flow_abandoned` with `"reason":"event_limit"`: the bundled model's sessions log a few dozen.
    package static let maximumEventsPerSession = 500
    /// Bytes of finished batches kept waiting for an earlier, slower one, beyond one batch per job.
    static let pendingBytesBudget = 32 << 20

    /// How many users to simulate.
    package var users: Int
    /// The seed of every random draw.
    package var seed: UInt64
    /// How many batches run at once.
    package var jobs: Int
    /// When the first user may arrive.
    package var start: EventTimestamp
    /// Users arrive uniformly over this many seconds after `start`.
    package var arrivalWindowSeconds: Int64
    /// What every simulated user id starts with, followed by the user's index: by default it names the seed,
    /// so that logs of different seeds never share users.
    package var idPrefix: String

    /// Describes a simulation.
    package init(
        users: Int,
        seed: UInt64,
        jobs: Int,
        start: EventTimestamp = EventTimestamp(millisecondsSince1970: 1_793_491_200_000),
        arrivalWindowSeconds: Int64 = 86_400,
        idPrefix: String? = nil
    ) {
        self.users = max(0, users)
        self.seed = seed
        self.jobs = max(1, jobs)
        self.start = start
        self.arrivalWindowSeconds = max(1, arrivalWindowSeconds)
        self.idPrefix = idPrefix ?? Self.defaultIDPrefix(seed: seed)
    }

    /// The id prefix of a simulation with `seed`: `s7-user-` for seed 7.
    static func defaultIDPrefix(seed: UInt64) -> String {
        "s\(seed)-user-"
    }

    /// How many batches actually run at once: `jobs`, but never more than there are batches of users.
    package var jobsAtOnce: Int {
        min(jobs, max(1, (users + Self.batchSize - 1) / Self.batchSize))
    }

    /// Runs the simulation, appending every event to `log`.
    ///
    /// - Parameters:
    ///   - assign: chooses the variant of every slot for a user, as the experiment config says.
    ///   - assignBeforeExperiments: the variants a user ran before the experiments began, for the visits a
    ///     behaviour model's `days` gives users before them (no exposure is logged); nil runs `assign`'s.
    ///   - progress: told after every batch written.
    /// - Throws: `HostError` if a session cannot run or the log cannot be written.
    package func run(
        registry: VariantRegistry,
        behavior: BehaviorModel,
        assign: @escaping @Sendable (SyntheticUser) -> [SlotAssignment],
        assignBeforeExperiments: (@Sendable (SyntheticUser) -> [SlotAssignment])? = nil,
        log: JSONLinesFileSink,
        progress: (SimulationProgress) -> Void = { _ in }
    ) async throws(HostError) -> SimulationProgress {
        let batchCount = (users + Self.batchSize - 1) / Self.batchSize
        var tally = SimulationProgress(totalUsers: users)
        do {
            try await withThrowingTaskGroup(of: (Int, BatchResult).self) { group in
                var nextToStart = 0
                var nextToWrite = 0
                var running = 0
                var finished: [Int: BatchResult] = [:]
                var largestBatchBytes = 1
                func startBatch() {
                    let index = nextToStart
                    let range = index * Self.batchSize..<min(users, (index + 1) * Self.batchSize)
                    group.addTask { [self] in
                        (index, try runBatch(
                            range, registry: registry, behavior: behavior, assign: assign,
                            assignBeforeExperiments: assignBeforeExperiments
                        ))
                    }
                    nextToStart += 1
                    running += 1
                }
                while nextToStart < min(batchCount, jobs) { startBatch() }
                while let (index, result) = try await group.next() {
                    running -= 1
                    largestBatchBytes = max(largestBatchBytes, result.lines.byteCount)
                    finished[index] = result
                    while let ready = finished.removeValue(forKey: nextToWrite) {
                        try ready.lines.withBytes { bytes throws(EventSinkError) in
                            try log.write(encodedLines: bytes, longestLine: ready.lines.longestLine)
                        }
                        tally.add(ready)
                        progress(tally)
                        nextToWrite += 1
                    }
                    // Keep `jobs` batches running, but never let finished ones pile up unwritten
                    // behind a slow batch: at most four per job, and fewer when batches are large.
                    let window = max(jobs, min(jobs * 4, Self.pendingBytesBudget / largestBatchBytes))
                    while nextToStart < batchCount, running < jobs, nextToStart - nextToWrite < window {
                        startBatch()
                    }
                }
            }
        } catch let error as HostError {
            throw error
        } catch let error as EventSinkError {
            throw .events(error)
        } catch {
            throw .interrupted
        }
        return tally
    }

    /// Simulates users `range`, returning their events encoded in order: each user's sessions one after another,
    /// in time order, as the user's device would upload them.
    func runBatch(
        _ range: Range<Int>,
        registry: VariantRegistry,
        behavior: BehaviorModel,
        assign: (SyntheticUser) -> [SlotAssignment],
        assignBeforeExperiments: ((SyntheticUser) -> [SlotAssignment])? = nil
    ) throws(HostError) -> BatchResult {
        let buffer = EncodedEventBuffer(capacity: range.count * 4096)
        var result = BatchResult(lines: buffer)
        // A population runs a handful of variant combinations: each one's variants are looked up,
        // and its behaviour laid out, once.
        var combinations: [VariantCombination] = []
        let fieldTable = SyntheticFieldTable(registry.app.syntheticInput)
        let attributeDraws = behavior.attributeDrawCount
        let sessionPrefix = "s-\(seed)-"
        // One clock and one budget serve the batch's sessions one after another.
        let clock = SimulatedClock(start: start)
        let budget = SessionEventBudget(limit: Self.maximumEventsPerSession)
        let arrivalWindow = behavior.days.map { Int64($0.count) * UserVisits.dayMilliseconds } ?? arrivalWindowSeconds * 1000
        for index in range {
            var generator = SplitMix64(seed: seed, stream: UInt64(index))
            let id = UserValueTemplate.joining(idPrefix, index, "")
            let (attributes, draw) = behavior.drawAttributes(id: id, using: &generator)
            let user = SyntheticUser(index: index, id: id, attributes: attributes)
            let assignments = assign(user)
            let arrival = Int64.random(in: 0..<arrivalWindow, using: &generator)
            let visits = behavior.days.map { days in
                UserVisits(days: days, arrival: arrival, variants: assignments.map(\.variant.rawValue), using: &generator)
            }
            /// Runs one session of the user from `time` (milliseconds after `start`) on the variants `assignments`
            /// chose, drawing with `sessionGenerator`; whether it completed.
            func runSession(
                id session: String, at time: Int64, assignments: [SlotAssignment], generator sessionGenerator: SplitMix64
            ) throws(HostError) -> Bool {
                clock.reset(to: EventTimestamp(millisecondsSince1970: start.millisecondsSince1970 + time))
                let combinationIndex: Int
                if let known = combinations.firstIndex(where: { $0.matches(assignments) }) {
                    combinationIndex = known
                } else {
                    combinationIndex = combinations.count
                    combinations.append(
                        try VariantCombination(of: assignments, registry: registry, behavior: behavior, attributeDraws: attributeDraws)
                    )
                }
                let combination = combinations[combinationIndex]
                // Users of one combination who drew the same attribute values start alike.
                var startProperties = attributeDraws != nil ? combination.startProperties[draw] : nil
                let encodedBefore = startProperties != nil
                var simulated = SimulatedUser(
                    index: index,
                    behaviors: combination.behaviors,
                    fieldTable: fieldTable,
                    generator: sessionGenerator,
                    clock: clock
                )
                simulated.abandonDivisor = visits?.propensity ?? 1
                budget.reset()
                simulated.budget = budget
                let hosted = HostedSession(session: session, user: user.id, assignments: assignments, attributes: user.attributes)
                let outcome = try hosted.run(
                    app: registry.app, selection: combination.selection, encodingInto: buffer, clock: clock, user: &simulated,
                    budget: budget, startProperties: &startProperties
                )
                if attributeDraws != nil, !encodedBefore { combinations[combinationIndex].startProperties[draw] = startProperties }
                if budget.stoppedTheSession { result.stoppedAtEventLimit += 1 }
                return outcome.isCompleted
            }
            let firstSession = UserValueTemplate.joining(sessionPrefix, index, "")
            guard let visits else {
                if try runSession(id: firstSession, at: arrival, assignments: assignments, generator: generator) {
                    result.completed += 1
                } else {
                    result.abandoned += 1
                }
                continue
            }
            if !visits.before.isEmpty {
                let earlier = assignBeforeExperiments.map { $0(user) } ?? assignments
                for (number, time) in visits.before.enumerated() {
                    _ = try runSession(
                        id: firstSession + "-before-\(number + 1)", at: time, assignments: earlier,
                        generator: SplitMix64(seed: generator.next(), stream: UInt64(index))
                    )
                }
                result.sessionsBefore += visits.before.count
            }
            if try runSession(id: firstSession, at: arrival, assignments: assignments, generator: SplitMix64(seed: generator.next(), stream: UInt64(index))) {
                result.completed += 1
            } else {
                result.abandoned += 1
            }
            for (number, time) in visits.after.enumerated() {
                _ = try runSession(
                    id: firstSession + "-return-\(number + 1)", at: time, assignments: assignments,
                    generator: SplitMix64(seed: generator.next(), stream: UInt64(index))
                )
            }
            result.returns += visits.after.count
        }
        result.events = buffer.eventCount
        return result
    }
}

/// What one batch of users produced.
///
/// Unchecked: its buffer is filled by the task that simulated the batch and then only read, by the
/// writer the task group hands the result to, so it is never used from two threads at once.
struct BatchResult: @unchecked Sendable {
    /// The batch's events, encoded: handed to the writer as they are, without a copy.
    let lines: EncodedEventBuffer
    var events = 0
    var completed = 0
    var abandoned = 0
    var stoppedAtEventLimit = 0
    /// Sessions of returning users after their first, and before the experiments began.
    var returns = 0
    var sessionsBefore = 0
}

/// How far a simulation has got.
package struct SimulationProgress: Sendable, Hashable {
    /// Users to simulate in all.
    package var totalUsers: Int
    /// Users whose sessions are written.
    package var usersDone = 0
    /// Sessions that reached the end of the flow.
    package var completed = 0
    /// Sessions the user left early.
    package var abandoned = 0
    /// Sessions ended because they reached ``Simulation/maximumEventsPerSession``, counted in `abandoned` too when
    /// they were users' first sessions in the experiment.
    package var stoppedAtEventLimit = 0
    /// Sessions of users coming back after their first session in the experiment (behaviour model `days`).
    package var returns = 0
    /// Sessions of users before the experiments began (behaviour model `days`).
    package var sessionsBefore = 0
    /// Events written.
    package var events = 0
    /// Bytes written.
    package var bytes = 0

    /// Creates an empty tally.
    package init(totalUsers: Int) {
        self.totalUsers = totalUsers
    }

    mutating func add(_ batch: BatchResult) {
        usersDone += batch.completed + batch.abandoned
        completed += batch.completed
        abandoned += batch.abandoned
        stoppedAtEventLimit += batch.stoppedAtEventLimit
        returns += batch.returns
        sessionsBefore += batch.sessionsBefore
        events += batch.events
        bytes += batch.lines.byteCount
    }
}

extension BehaviorModel {
    /// Most draws of attribute values whose users' `session_started` properties a simulation keeps.
    static let keptAttributeDraws = 4096

    /// How many different draws `drawAttributes(id:using:)` can make, if no more than `keptAttributeDraws`.
    var attributeDrawCount: Int? {
        var count = 1
        for attribute in attributes {
            count *= max(1, attribute.values.count)
            if count > Self.keptAttributeDraws { return nil }
        }
        return count
    }

    /// Draws one value of every attribute, in the model's order, after the user's `id`; `draw` numbers
    /// the values drawn, below `attributeDrawCount`: the same number, the same values.
    func drawAttributes(id: String, using generator: inout SplitMix64) -> (attributes: Attributes, draw: Int) {
        var drawn = Attributes(minimumCapacity: attributes.count + 1)
        var draw = 0
        drawn["id"] = .string(id)
        for attribute in attributes {
            var target = Double.random(in: 0..<1, using: &generator)
            var chosen = attribute.values.count - 1
            for (position, (_, probability)) in attribute.values.enumerated() {
                if target < probability {
                    chosen = position
                    break
                }
                target -= probability
            }
            // Wraps only past `keptAttributeDraws`, where the number goes unused.
            draw = draw &* max(1, attribute.values.count) &+ max(0, chosen)
            if chosen >= 0 { drawn[attribute.name] = .string(attribute.values[chosen].value) }
        }
        return (drawn, draw)
    }
}
