import Experiments
import Foundation

/// Measures single-core assignment throughput for a two-variation experiment without a condition, raw hash
/// throughput, and (when the `growthbook` Python package is importable) the Python SDK on the same ids.
/// With `--conditions`, measures condition evaluation instead (``ConditionWorkload``): a typical targeting mix,
/// most of it regular expressions, and the pathological `$notRegex: "(a+)+$"` on 10,000 characters.
///
/// Usage: `swift run -c release --package-path Benchmarks AssignmentBenchmark [--assignments N] [--conditions [--evaluations N]] [--count-only]`
///
/// `--count-only` assigns N users (or, with `--conditions`, evaluates N conditions of the mix, or of condition I
/// alone, and 100, or `--pathological N`, pathological ones) once, untimed, and prints only a checksum: a fixed
/// workload for counting instructions with `valgrind --tool=callgrind` (Benchmarks/Scripts/check-instruction-counts.sh).

/// Command-line options.
struct Options {
    var assignments = 20_000_000
    var countOnly = false
    var conditions = false
    var evaluations = 2_000_000
    var pathological = 100
    /// Only this condition of the mix, to count or profile it alone.
    var onlyCondition: Int?

    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments.dropFirst()
        while let argument = remaining.popFirst() {
            switch argument {
            case "--assignments":
                guard let text = remaining.popFirst(), let value = Int(text), value > 0 else {
                    throw UsageError(message: "--assignments needs a positive integer")
                }
                assignments = value
            case "--count-only":
                countOnly = true
            case "--conditions":
                conditions = true
            case "--evaluations":
                guard let text = remaining.popFirst(), let value = Int(text), value > 0 else {
                    throw UsageError(message: "--evaluations needs a positive integer")
                }
                evaluations = value
            case "--pathological":
                guard let text = remaining.popFirst(), let value = Int(text), value >= 0 else {
                    throw UsageError(message: "--pathological needs a non-negative integer")
                }
                pathological = value
            case "--condition":
                guard let text = remaining.popFirst(), let value = Int(text), ConditionWorkload.conditions.indices.contains(value) else {
                    throw UsageError(message: "--condition needs the index of a condition of the mix (0...\(ConditionWorkload.conditions.count - 1))")
                }
                onlyCondition = value
            case "--help", "-h":
                throw UsageError(message: Self.usage)
            default:
                throw UsageError(message: "unknown argument \(argument)\n\(Self.usage)")
            }
        }
    }
}

extension Options {
    static let usage = """
        usage: AssignmentBenchmark [--assignments N] [--count-only]
               AssignmentBenchmark --conditions [--evaluations N] [--pathological N] [--condition I] [--count-only]
        """
}

/// A command-line mistake, printed instead of running.
struct UsageError: Error {
    let message: String
}

/// Distinct user ids generated up front and cycled through, so memory stays bounded for large runs.
let distinctUserCount = 250_000

func seconds(_ duration: Duration) -> Double {
    let components = duration.components
    return Double(components.seconds) + Double(components.attoseconds) * 1e-18
}

func format(_ rate: Double) -> String {
    String(format: "%.2f M/s", rate / 1_000_000)
}

/// Throughput of one measured operation over several rounds.
struct Measurement {
    /// Operations per second in the fastest round, the least disturbed by other load on the machine.
    var best: Double
    /// Operations per second in the median round.
    var median: Double
    /// A value derived from every result, printed so the optimiser cannot discard the work.
    var checksum: Int
}

/// Runs `body` over `iterations` operations split into `rounds` equal rounds and reports the best and median rate.
func measure(iterations: Int, rounds: Int = 5, _ body: (Int) -> Int) -> Measurement {
    let clock = ContinuousClock()
    let perRound = max(iterations / rounds, 1)
    var rates: [Double] = []
    var checksum = 0
    for _ in 0..<rounds {
        var result = 0
        let elapsed = clock.measure {
            result = body(perRound)
        }
        checksum &+= result
        rates.append(Double(perRound) / max(seconds(elapsed), 1e-9))
    }
    rates.sort()
    return Measurement(best: rates[rates.count - 1], median: rates[rates.count / 2], checksum: checksum)
}

func report(_ label: String, _ measurement: Measurement, _ detail: String) {
    let padded = label.padding(toLength: 46, withPad: " ", startingAt: 0)
    print("  \(padded) best \(format(measurement.best)), median \(format(measurement.median))   [\(detail) \(measurement.checksum)]")
}

/// The Python SDK's throughput for the same work, or `nil` when `growthbook` cannot be imported.
func pythonRates(ids: Int) -> (hashes: Double, assignments: Double)? {
    let script = """
    import sys, time
    try:
        from growthbook.core import gbhash, getBucketRanges, chooseVariation
    except Exception:
        sys.exit(3)
    n = int(sys.argv[1])
    ids = ["user-%d" % i for i in range(n)]
    start = time.perf_counter()
    total = 0.0
    for user in ids:
        total += gbhash("onboarding-order", user, 2)
    hash_rate = n / (time.perf_counter() - start)
    ranges = getBucketRanges(2, 1, [0.5, 0.5])
    start = time.perf_counter()
    chosen = 0
    for user in ids:
        chosen += chooseVariation(gbhash("onboarding-order", user, 2), ranges)
    assign_rate = n / (time.perf_counter() - start)
    print(hash_rate, assign_rate, total, chosen)
    """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, String(ids)]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard fields.count >= 2 else { return nil }
    return (fields[0], fields[1])
}

/// The `--conditions` run: the typical mix's throughput and the pathological condition's time per evaluation.
func runConditions(options: Options) {
    let users = ConditionWorkload.users(1_000)
    let conditions = options.onlyCondition.map { [ConditionWorkload.conditions[$0]] } ?? ConditionWorkload.conditions
    if options.countOnly {
        let mix = ConditionWorkload.evaluateMix(options.evaluations, of: conditions, users: users)
        let pathological = ConditionWorkload.evaluatePathological(options.pathological)
        print("\(options.evaluations) evaluations, \(mix) held; pathological held \(pathological) of \(options.pathological)")
        return
    }
    print("Condition benchmark: \(conditions.count) targeting conditions over \(users.count) users, one core")
    let mix = measure(iterations: options.evaluations) { ConditionWorkload.evaluateMix($0, of: conditions, users: users) }
    report("typical mix (Condition.isSatisfied):", mix, "held")
    for (index, condition) in ConditionWorkload.conditions.enumerated() {
        let single = measure(iterations: options.evaluations / 10) { iterations in
            var held = 0
            for iteration in 0..<iterations where condition.isSatisfied(by: users[iteration % users.count]) { held += 1 }
            return held
        }
        report("  condition \(index):", single, "held")
    }
    print("  (conditions: \(ConditionWorkload.conditions.map(\.description).joined(separator: "  ")))")
    let clock = ContinuousClock()
    let rounds = 20
    var times: [Double] = []
    var held = 0
    for _ in 0..<rounds {
        let elapsed = clock.measure { held += ConditionWorkload.evaluatePathological(1) }
        times.append(seconds(elapsed))
    }
    times.sort()
    print(String(
        format: "  pathological $notRegex \"(a+)+$\" on 10,000 a's and X: best %.1f us, median %.1f us; held %d of %d (JavaScript: all)",
        times[0] * 1e6, times[rounds / 2] * 1e6, held, rounds
    ))
}

func run(options: Options) throws {
    if options.conditions {
        runConditions(options: options)
        return
    }
    let slot: SlotID = "auth-flow"
    let catalog = VariantCatalog(["signup-before-profile": slot, "signup-after-profile": slot])
    let experiment = ExperimentDefinition(
        key: "onboarding-order", slot: slot, variations: ["signup-before-profile", "signup-after-profile"],
        weights: [0.5, 0.5], coverage: 1, hashVersion: 2
    )
    let config = try ExperimentConfig(slots: [ConfigSlot(id: slot, defaultVariant: "signup-before-profile")], experiments: [experiment])
        .validated(against: catalog)
    let assigner = Assigner(config: config)
    let evaluator = ExperimentEvaluator(experiment)

    // The untimed workload cycles through fewer ids, so that making them stays a small part of its count.
    let pool = min(options.assignments, options.countOnly ? 10_000 : distinctUserCount)
    let ids = (0..<pool).map { "user-\($0)" }
    let attributes: [Attributes] = ids.map { ["id": .string($0)] }
    /// The sum of `operation` over `iterations` users, taken in turn from the pool and cycling through it.
    @inline(__always)
    func sumOverPool(_ iterations: Int, _ operation: (Int) -> Int) -> Int {
        var total = 0
        var next = 0
        for _ in 0..<iterations {
            total &+= operation(next)
            next = next + 1 == pool ? 0 : next + 1
        }
        return total
    }
    // The assignment loop moves each user's attributes out of this pool and back, so that it holds them as a caller
    // holds its own value: a copy out of an array would add a retain and a release per user that no caller pays.
    let ownedAttributes = UnsafeMutableBufferPointer<Attributes>.allocate(capacity: pool)
    _ = ownedAttributes.initialize(from: attributes)
    defer {
        ownedAttributes.deinitialize()
        ownedAttributes.deallocate()
    }
    /// Assigns `iterations` users and returns how many got variation 1. The bucket is read as well (it is never 1 or
    /// more, so the count is unchanged), since callers report it: otherwise the optimiser would skip computing it.
    func assignUsers(_ iterations: Int) -> Int {
        sumOverPool(iterations) { index in
            let slot = ownedAttributes.baseAddress.unsafelyUnwrapped + index
            let user = slot.move()
            let assignment = evaluator.assign(user)
            slot.initialize(to: consume user)
            return (assignment.variationIndex ?? -1) + ((assignment.bucket ?? 0) >= 1 ? 1 : 0)
        }
    }
    if options.countOnly {
        print("\(options.assignments) assignments, variation 1 count \(assignUsers(options.assignments))")
        return
    }
    print("Assignment benchmark: 2-variation experiment, hash version 2, no condition, one core")
    print("  \(options.assignments) operations over \(pool) distinct user ids (generated up front)")

    let hashes = measure(iterations: options.assignments) { iterations in
        ids.withUnsafeBufferPointer { users in
            sumOverPool(iterations) { Int((GrowthBookHash.hash(seed: "onboarding-order", value: users[$0], version: 2) ?? 0) * 10_000) }
        }
    }
    report("raw hashes (GrowthBookHash.hash, v2):", hashes, "checksum")

    let assignments = measure(iterations: options.assignments, assignUsers)
    report("assignments (ExperimentEvaluator.assign):", assignments, "variation 1 count")

    let records = measure(iterations: options.assignments) { iterations in
        attributes.withUnsafeBufferPointer { users in
            sumOverPool(iterations) { evaluator.evaluate(users[$0]).variationIndex ?? -1 }
        }
    }
    report("full records (ExperimentEvaluator.evaluate):", records, "variation 1 count")

    let sessionIterations = max(options.assignments / 4, 1)
    let sessions = measure(iterations: sessionIterations) { iterations in
        attributes.withUnsafeBufferPointer { users in
            sumOverPool(iterations) { assigner.assign(attributes: users[$0]).slots[0].reason.isExposure ? 1 : 0 }
        }
    }
    report("whole sessions (Assigner.assign, 1 slot):", sessions, "exposures")

    // Sticky bucketing: sessions of users seen for the first time (a fresh store each round, so every session
    // records a document) and of returning users (the store already holds every user's document).
    func stickySessions(label: String, iterations: Int, store: () throws -> any StickyBucketStore) rethrows -> Measurement {
        let rounds = 5
        var stores: [any StickyBucketStore] = []
        for _ in 0..<rounds { stores.append(try store()) }
        var round = 0
        let measurement = measure(iterations: iterations, rounds: rounds) { iterations in
            let store = stores[round]
            round += 1
            return attributes.withUnsafeBufferPointer { users in
                sumOverPool(iterations) { assigner.assign(attributes: users[$0], stickyBuckets: store).slots[0].stickyBucketUsed ? 1 : 0 }
            }
        }
        report(label, measurement, "sticky decisions")
        return measurement
    }
    let stickyIterations = min(sessionIterations, pool) * 5
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assignment-benchmark-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var fileCount = 0
    func freshFileStore() throws -> FileStickyBucketStore {
        fileCount += 1
        return try FileStickyBucketStore(path: directory.appendingPathComponent("store-\(fileCount).json").path)
    }
    let memoryNew = stickySessions(label: "sticky, in-memory store, new users:", iterations: stickyIterations) { InMemoryStickyBucketStore() }
    let warmMemory = InMemoryStickyBucketStore()
    for user in attributes { _ = assigner.assign(attributes: user, stickyBuckets: warmMemory) }
    let memoryReturning = stickySessions(label: "sticky, in-memory store, returning users:", iterations: stickyIterations) { warmMemory }
    let fileNew = try stickySessions(label: "sticky, file store, new users:", iterations: stickyIterations) { try freshFileStore() }
    let warmFile = try freshFileStore()
    for user in attributes { _ = assigner.assign(attributes: user, stickyBuckets: warmFile) }
    let clock = ContinuousClock()
    let flushTime = try clock.measure { try warmFile.flush() }
    let reopenTime = try clock.measure { _ = try FileStickyBucketStore(path: warmFile.path) }
    let fileReturning = stickySessions(label: "sticky, file store, returning users:", iterations: stickyIterations) { warmFile }
    print("  file store with \(pool) documents: flush \(String(format: "%.3f", seconds(flushTime))) s, open \(String(format: "%.3f", seconds(reopenTime))) s")
    func cost(_ measurement: Measurement) -> String {
        String(format: "%.0f ns", 1e9 / measurement.median - 1e9 / sessions.median)
    }
    print("  added cost per session (median), over no store: in-memory new \(cost(memoryNew)), returning \(cost(memoryReturning)); file new \(cost(fileNew)), returning \(cost(fileReturning))")
    let target = 20_000_000.0
    print("  target >= \(format(target)) assignments (best round): \(assignments.best >= target ? "met" : "NOT met")")

    let pythonIDs = min(options.assignments, 1_000_000)
    if let python = pythonRates(ids: pythonIDs) {
        print("Python growthbook SDK on \(pythonIDs) of the same ids (gbhash + chooseVariation, ranges precomputed):")
        print("  raw hashes:  \(format(python.hashes))   Swift (best) is \(String(format: "%.0f", hashes.best / python.hashes))x faster")
        print("  assignments: \(format(python.assignments))   Swift (best) is \(String(format: "%.0f", assignments.best / python.assignments))x faster")
    } else {
        print("Python growthbook SDK not importable (pip install growthbook); skipping the comparison.")
    }
}

do {
    try run(options: Options(arguments: CommandLine.arguments))
} catch let error as UsageError {
    FileHandle.standardError.write(Data((error.message + "\n").utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
