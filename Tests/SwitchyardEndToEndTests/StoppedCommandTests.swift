#if os(Linux)
import Foundation
import Glibc
import SeededRandom
import Testing

/// A command stopped by Ctrl-C (SIGINT to its process group), SIGTERM or SIGKILL ends at once with everything it
/// started: no exploration worker outlives it, and no file changes once it has ended. Each command is started as a
/// shell starts a job and stopped at moments drawn from fixed seeds; each moment is a case of its own.
@Suite("A stopped command stops: its workers end with it, and nothing is written once it has ended")
struct StoppedCommandTests {
    /// The commands that explore flows in a worker, on `planted-host`, whose `stalling` variant never returns: with
    /// a stall time of a minute, a worker is exploring whenever the command is stopped.
    enum Exploring: String, CaseIterable, CustomStringConvertible {
        case map, validate, report = "report --format html", demo

        var description: String { rawValue }

        var arguments: [String] {
            switch self {
            case .map: ["map", "--app", "planted", "--out", "map.json"]
            case .validate: ["validate"]
            case .report: ["report", "events.jsonl", "--format", "html", "--out", "report.html"]
            case .demo: ["demo", "--app", "planted", "--config", "planted.json", "--behavior", "behavior.json", "--users", "50", "--directory", "demo"]
            }
        }
    }

    /// The commands that write a long log, on the bundled onboarding app: `demo` explores its maps first.
    enum Simulating: String, CaseIterable, CustomStringConvertible {
        case simulate, demo

        var description: String { rawValue }

        var arguments: [String] {
            switch self {
            case .simulate: Repository.simulate(users: 3_000_000, events: "events.jsonl")
            case .demo:
                ["demo", "--app", "onboarding", "--config", Repository.experiments, "--behavior", Repository.behavior, "--users", "3000000", "--directory", "demo"]
            }
        }
    }

    static let seeds: [UInt64] = [1, 2]
    static let plantedConfig = """
        {"version": 1, "app": "planted", "slots": [{"id": "flow", "default": "sound"}], "experiments": []}
        """

    /// Files `planted-host`'s commands read: the planted app's config (as `Configuration/planted/experiments.json`
    /// and `planted.json`), a behaviour model, and a log of its variants.
    private static func plantedFiles(in directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory + "/Configuration/planted", withIntermediateDirectories: true)
        try plantedConfig.write(toFile: directory + "/Configuration/planted/experiments.json", atomically: true, encoding: .utf8)
        try plantedConfig.write(toFile: directory + "/planted.json", atomically: true, encoding: .utf8)
        try #"{"screens": {"start": {"actions": {"go": 1}}}}"#.write(toFile: directory + "/behavior.json", atomically: true, encoding: .utf8)
        let lines = (0..<20).map { user in
            let head = "{\"schema\":1,\"time\":\"2026-01-01T00:00:\(String(format: "%02d", user)).000Z\",\"session\":\"s\(user)\",\"user\":\"u\(user)\""
            return head + ",\"experiment\":\"e\",\"variant\":\"sound\",\"type\":\"exposure\",\"screen\":null,\"action\":null,\"properties\":{}}\n"
        }
        try lines.joined().write(toFile: directory + "/events.jsonl", atomically: true, encoding: .utf8)
    }

    /// A job and how, and when, it is stopped.
    private struct Stopping {
        var job: CommandJob
        var stop: CommandJob.Stop
        var moment: Date
        var what: String
    }

    /// The offset, in seconds, seed `seed` picks in `[0, span)` for stopping `command` as `stop` says.
    private static func offset(_ seed: UInt64, _ stop: CommandJob.Stop, _ command: String, span: Double) -> Double {
        let stream = UInt64(CommandJob.Stop.allCases.firstIndex(of: stop) ?? 0) &+ UInt64(command.utf8.count) << 8
        var random = SplitMix64(seed: seed, stream: stream)
        return random.nextUnit() * span
    }

    /// Stops each job at its moment, then checks that it died of the signal it was sent, that nothing of it is left
    /// within a second, that no file under its directory changes in the two seconds after, and that no `.partial`
    /// file is left but by SIGKILL. Returns the files each job left.
    @discardableResult
    private static func expectStopped(_ stoppings: [Stopping]) -> [[String: String]] {
        var pending = stoppings
        while !pending.isEmpty {
            let now = Date()
            for stopping in pending {
                _ = stopping.job.workers
                if stopping.moment <= now { stopping.job.stop(stopping.stop) }
            }
            pending.removeAll { $0.moment <= now }
            usleep(2_000)
        }
        var atExit: [[String: String]] = []
        for stopping in stoppings {
            let ending = stopping.job.wait(seconds: 10)
            let signal = switch stopping.stop {
            case .interruptGroup: SIGINT
            case .terminate: SIGTERM
            case .kill: SIGKILL
            }
            let errors = (try? String(contentsOfFile: stopping.job.directory + "/.stderr", encoding: .utf8)) ?? ""
            #expect(ending == .killed(by: signal), "\(stopping.what): ended \(String(describing: ending)); \(errors)")
            #expect(stopping.job.processesLeft(within: 1) == [], "\(stopping.what): processes left")
            atExit.append(stopping.job.files)
        }
        Thread.sleep(forTimeInterval: 2)
        for (stopping, files) in zip(stoppings, atExit) {
            #expect(stopping.job.files == files, "\(stopping.what): files changed after the command ended")
            #expect(stopping.job.processesLeft == [], "\(stopping.what): processes left two seconds after")
            if stopping.stop != .kill {
                #expect(files.keys.filter { $0.hasSuffix(".partial") } == [], "\(stopping.what): a .partial file is left")
            }
        }
        return atExit
    }

    @Test("map, validate, report --format html and demo stopped while a worker explores: worker and command end, nothing is written",
          arguments: Exploring.allCases)
    func stoppedWhileExploring(command: Exploring) throws {
        var jobs: [(job: CommandJob, stop: CommandJob.Stop, seed: UInt64, files: Set<String>)] = []
        for stop in CommandJob.Stop.allCases {
            for seed in Self.seeds {
                let cli = try CLI()
                try Self.plantedFiles(in: cli.directory.path)
                let files = Set(try FileManager.default.subpathsOfDirectory(atPath: cli.directory.path))
                let job = try CommandJob(
                    CLI.executable.deletingLastPathComponent().appendingPathComponent("planted-host"), command.arguments,
                    in: cli.directory.path, environment: ["SWITCHYARD_EXPLORATION_STALL_SECONDS": "60"]
                )
                jobs.append((job, stop, seed, files))
            }
        }
        // Each is stopped a moment after its first worker is seen.
        var stoppings: [Stopping] = []
        let deadline = Date().addingTimeInterval(30)
        while stoppings.count < jobs.count, Date() < deadline {
            for (job, stop, seed, _) in jobs where !stoppings.contains(where: { $0.job.pid == job.pid }) && !job.workers.isEmpty {
                let moment = Date().addingTimeInterval(Self.offset(seed, stop, command.rawValue, span: 0.6))
                stoppings.append(Stopping(job: job, stop: stop, moment: moment, what: "\(command), \(stop), seed \(seed)"))
            }
            usleep(5_000)
        }
        #expect(stoppings.count == jobs.count, "\(command): a worker never started")
        for (job, _, _, _) in jobs where !stoppings.contains(where: { $0.job.pid == job.pid }) {
            job.stop(.kill)
            _ = job.wait(seconds: 10)
        }
        Self.expectStopped(stoppings)
        for (job, stop, seed, files) in jobs {
            // Stopped while exploring: the command had written nothing, and wrote nothing after.
            let written = Set(try FileManager.default.subpathsOfDirectory(atPath: job.directory)).subtracting(files)
            #expect(written.subtracting([".stdout", ".stderr"]) == [], "\(command), \(stop), seed \(seed)")
        }
    }

    @Test("simulate and demo stopped at any moment, while exploring or while logging: the command ends, nothing is written after",
          arguments: Simulating.allCases)
    func stoppedWhileSimulating(command: Simulating) throws {
        var stoppings: [Stopping] = []
        for stop in CommandJob.Stop.allCases {
            for seed in Self.seeds {
                let job = try CommandJob(CLI.executable, command.arguments, in: try CLI().directory.path)
                let moment = Date().addingTimeInterval(0.1 + Self.offset(seed, stop, command.rawValue, span: 1.4))
                stoppings.append(Stopping(job: job, stop: stop, moment: moment, what: "\(command), \(stop), seed \(seed)"))
            }
        }
        Self.expectStopped(stoppings)
    }
}
#endif
