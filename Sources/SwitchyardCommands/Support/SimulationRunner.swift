import Experiments
import FlowEvents
import FlowReports
import Foundation
import ResourceUsage
import UserSimulation
import VariantHost

/// Runs a simulation into a log file for `simulate` and `demo`: progress on a terminal, a
/// fresh log written aside and moved into place only when complete, figures at the end.
struct SimulationRunner {
    /// What to do when the log already holds events.
    enum ExistingLog {
        /// Refuse, naming the options below.
        case refuse
        /// Add the new sessions after the existing ones.
        case append
        /// Start a new log, replacing the old one once the new one is complete.
        case replace
    }

    var simulation: Simulation
    var configuration: AppAssigner
    var behavior: BehaviorModel
    var registry: VariantRegistry
    /// Whether every batch written is also `fsync`ed (`--fsync`).
    var durability: JSONLinesFileSink.Durability = .processCrash
    /// Where users' sticky bucket assignments are kept (`--sticky-store`), if anywhere.
    var stickyBuckets: FileStickyBucketStore?
    /// Variants every user gets, by the slot each fills (`--variant`); the config assigns the other slots.
    var forcedVariants: [String: String] = [:]

    /// Simulates into `path` and returns the figures of the run.
    func run(into path: String, existing: ExistingLog) async throws -> SimulationFigures {
        let destination = try EventLogDestination(path: path)
        if destination.holdsEvents, existing == .refuse {
            throw CommandError("\(path) already holds events; pass --append to add to it or --replace to start a new log")
        }
        // Appending goes straight to the log, which other processes may be appending to as well.
        let writesAside = existing != .append
        let target = writesAside ? destination.file + ".partial" : path
        if writesAside {
            if FileManager.default.fileExists(atPath: target) {
                StandardIO.writeError("note: removing \(target), left by an earlier simulation that did not finish\n")
                try? FileManager.default.removeItem(atPath: target)
            }
            PartialFileCleanup.arm(removing: target)
        }
        defer { PartialFileCleanup.disarm() }
        let log: JSONLinesFileSink
        do {
            // A simulated log is written once and can run to gigabytes: keeping it in the page cache
            // would cost more than writing it.
            log = try JSONLinesFileSink(path: target, durability: durability, bufferLimit: 1 << 20, cacheRetention: .dropBehind)
        } catch {
            throw CommandError("cannot log events: \(error)")
        }
        let configuration = configuration
        let stickyBuckets = stickyBuckets
        let forcedVariants = forcedVariants
        let defaults = Dictionary(
            configuration.validated.config.slots.map { ($0.id, $0.defaultVariant) }, uniquingKeysWith: { first, _ in first }
        )
        let progress = ProgressLine(enabled: StandardIO.errorIsTerminal)
        let clock = ContinuousClock()
        let started = clock.now
        let tally: SimulationProgress
        do {
            tally = try await simulation.run(
                registry: registry,
                behavior: behavior,
                assign: { user in
                    configuration.assign(
                        user: user.id, attributes: user.attributes, forced: forcedVariants, stickyBuckets: stickyBuckets
                    ).slots
                },
                assignBeforeExperiments: { user in
                    Self.beforeExperiments(
                        configuration.assign(user: user.id, attributes: user.attributes, forced: forcedVariants).slots,
                        defaults: defaults
                    )
                },
                log: log,
                progress: { progress.show($0, elapsed: clock.now - started) }
            )
            try log.flush()
            try StickyStoreOption.flush(stickyBuckets)
        } catch {
            progress.finish()
            guard writesAside else { throw CommandError("\(error)") }
            // An incomplete log is of no use, and on a full disk it holds the space a retry needs.
            try? FileManager.default.removeItem(atPath: target)
            throw CommandError("\(error); nothing was written to \(path)")
        }
        progress.finish()
        if writesAside {
            // rename(2) replaces the old log in one step: at no moment is there no log, or half of one.
            guard rename(target, destination.file) == 0 else {
                throw CommandError("cannot move the finished log \(target) to \(path): \(String(cString: strerror(errno)))")
            }
            if durability == .machineCrash { syncDirectory(containing: destination.file) }
        }
        return SimulationFigures(tally: tally, seconds: (clock.now - started).seconds, jobs: simulation.jobsAtOnce, path: path)
    }
}

extension SimulationRunner {
    /// A user's assignments before the experiments began: each slot an experiment chose runs its default variant,
    /// and logs no exposure.
    static func beforeExperiments(_ assignments: [SlotAssignment], defaults: [SlotID: VariantID]) -> [SlotAssignment] {
        assignments.map { assignment in
            guard case .experiment = assignment.reason, let fallback = defaults[assignment.slot] else { return assignment }
            return SlotAssignment(slot: assignment.slot, variant: fallback, reason: .default)
        }
    }
}

/// Makes a rename in the directory holding `path` survive the machine losing power, as far as
/// the file system allows; a directory that cannot be opened is left as it is.
private func syncDirectory(containing path: String) {
    let directory = (path as NSString).deletingLastPathComponent
    let descriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
}

/// The result of a simulation run, as printed.
struct SimulationFigures {
    var tally: SimulationProgress
    var seconds: Double
    var jobs: Int
    var path: String

    var summary: String {
        let users = tally.usersDone
        let completedShare = users > 0 ? Double(tally.completed) / Double(users) * 100 : 0
        let peak = PeakMemory.peakResidentMiB().map { String(format: ", peak memory %.0f MiB", $0) } ?? ""
        return """
            Simulated \(users.grouped) users in \(String(format: "%.2f", seconds)) s with \(jobs) job\(jobs == 1 ? "" : "s"): \
            \(Int(Double(users) / max(seconds, 1e-9)).grouped) sessions/s, \(Int(Double(tally.events) / max(seconds, 1e-9)).grouped) events/s\(peak)
              completed \(tally.completed.grouped) (\(String(format: "%.1f", completedShare))%), abandoned \(tally.abandoned.grouped)
              \(tally.events.grouped) events, \(String(format: "%.1f", Double(tally.bytes) / 1_048_576)) MiB -> \(path)

            """ + visitsNote + eventLimitNote
    }

    /// The sessions besides each user's first, when the behaviour model spans days.
    private var visitsNote: String {
        guard tally.returns + tally.sessionsBefore > 0 else { return "" }
        return "  and \(tally.returns.grouped) sessions of users coming back, \(tally.sessionsBefore.grouped) before the experiments began\n"
    }

    /// A warning when the behaviour model kept sessions going until the simulation stopped them.
    private var eventLimitNote: String {
        guard tally.stoppedAtEventLimit > 0 else { return "" }
        return "  note: \(tally.stoppedAtEventLimit.grouped) sessions reached \(Simulation.maximumEventsPerSession.grouped) events "
            + "and were stopped (flow_abandoned with reason \"\(SessionRecorder.eventLimitReason)\"): does the behaviour model "
            + "ever leave its loops?\n"
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension Int {
    /// The number with thousands separators, independent of locale: `1,234,567`.
    var grouped: String { ReportNumberFormat.count(self) }
}
