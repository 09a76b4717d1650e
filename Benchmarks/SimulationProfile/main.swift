import SampleApps
import Dispatch
import Experiments
import FlowEvents
import Foundation
import VariantHost

/// Runs `simulate`'s pipeline on the bundled config and behaviour model, from a plain `main`
/// rather than an async one, so that `valgrind --tool=callgrind` can follow it (valgrind cannot
/// follow a process whose main thread parks in `dispatch_main`, as async mains do on Linux).
/// Instruction counts repeat exactly from run to run, where timings on a shared machine do not:
///
///     swift build -c release --product SimulationProfile
///     valgrind --tool=callgrind .build/release/SimulationProfile --users 10000
///
/// Usage: `SimulationProfile [--app NAME] [--users N] [--jobs J] [--events PATH]` (defaults:
/// onboarding, 10000, 1, a temporary file removed at the end). Run from the repository root: it
/// reads `Configuration/<app>/`.
struct Options {
    var app = "onboarding"
    var users = 10_000
    var jobs = 1
    var events: String?

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw UsageError("\(option) needs a value") }
            switch option {
            case "--users": users = try Self.count(value, for: option)
            case "--jobs": jobs = try Self.count(value, for: option)
            case "--events": events = value
            case "--app": app = value
            default: throw UsageError("unknown option \(option)")
            }
        }
    }

    private static func count(_ text: String, for option: String) throws -> Int {
        guard let value = Int(text), value > 0 else { throw UsageError("\(option) needs a positive integer, got \(text)") }
        return value
    }
}

struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Hands the simulation's outcome from its task to the main thread, which waits for it.
///
/// Unchecked: the semaphore orders the one write before the one read.
final class Handoff: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private var outcome: Result<SimulationProgress, any Error>?

    func finish(with outcome: Result<SimulationProgress, any Error>) {
        self.outcome = outcome
        finished.signal()
    }

    func wait() -> Result<SimulationProgress, any Error> {
        finished.wait()
        return outcome!
    }
}

/// Simulates as `simulate` does and returns its tally; the log is complete when this returns.
func simulate(_ options: Options, into path: String) async throws -> SimulationProgress {
    let registry = try VariantRegistry.registries(of: RegisteredApps.all).registry(forApp: options.app)
    let configuration = try AppAssigner(contentsOf: "Configuration/\(options.app)/experiments.json", registry: registry)
    let behavior = try BehaviorModelLoader.load(contentsOf: "Configuration/\(options.app)/behavior.json")
    let log = try JSONLinesFileSink(path: path, bufferLimit: 1 << 20, cacheRetention: .dropBehind)
    let tally = try await Simulation(users: options.users, seed: 1, jobs: options.jobs).run(
        registry: registry,
        behavior: behavior,
        assign: { configuration.assign(user: $0.id, attributes: $0.attributes).slots },
        log: log
    )
    try log.flush()
    return tally
}

do {
    let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
    let path = options.events ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("simulation-profile-\(ProcessInfo.processInfo.processIdentifier).jsonl").path
    try? FileManager.default.removeItem(atPath: path)
    let handoff = Handoff()
    // Detached: top-level code runs on the main actor, which is blocked waiting below.
    Task.detached {
        do {
            handoff.finish(with: .success(try await simulate(options, into: path)))
        } catch {
            handoff.finish(with: .failure(error))
        }
    }
    let tally = try handoff.wait().get()
    if options.events == nil { try? FileManager.default.removeItem(atPath: path) }
    print("simulated \(tally.usersDone) users: \(tally.events) events, \(tally.bytes) bytes")
} catch {
    FileHandle.standardError.write(Data("SimulationProfile: \(error)\n".utf8))
    exit(1)
}
