#if os(Linux)
import Foundation
import Glibc

/// A built executable (`switchyard`, `planted-host`) started as a shell starts a job: the leader of a process group
/// of its own, which a terminal's Ctrl-C (SIGINT to the group) reaches whole; its standard output and error go to
/// `.stdout` and `.stderr` in its working directory. Linux only: what is left of it is found in `/proc`.
final class CommandJob {
    /// How a job is stopped.
    enum Stop: String, CaseIterable, CustomStringConvertible {
        /// Ctrl-C in a terminal: SIGINT to the whole process group.
        case interruptGroup = "SIGINT to the process group"
        /// `kill PID`: SIGTERM to the command alone.
        case terminate = "SIGTERM to the command"
        /// `kill -9 PID`: SIGKILL to the command alone.
        case kill = "SIGKILL to the command"

        var description: String { rawValue }
    }

    /// How a job ended.
    enum Ending: Equatable {
        case exited(Int32)
        case killed(by: Int32)
    }

    /// The command's process id, which is also its process group's.
    let pid: pid_t
    /// Its working directory.
    let directory: String
    /// Every process seen descending from the command while it ran.
    private var seen: Set<pid_t> = []

    /// Starts `executable` with `arguments` in `directory`, with `environment` added to the tests' own.
    init(_ executable: URL, _ arguments: [String], in directory: String, environment: [String: String] = [:]) throws {
        self.directory = directory
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, directory + "/.stdout", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, directory + "/.stderr", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawnattr_setpgroup(&attributes, 0)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // The shell moves to the directory and becomes the command (same process id).
        let argv = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, executable.path] + arguments
        let environ = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }.map { "\($0.key)=\($0.value)" }
        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnvironment: [UnsafeMutablePointer<CChar>?] = environ.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, "/bin/sh", &actions, &attributes, cArguments, cEnvironment)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EINVAL) }
        self.pid = pid
    }

    /// Stops the job as `stop` says.
    func stop(_ stop: Stop) {
        switch stop {
        case .interruptGroup: kill(-pid, SIGINT)
        case .terminate: kill(pid, SIGTERM)
        case .kill: kill(pid, SIGKILL)
        }
    }

    /// Waits for the command to end, for at most `seconds`; nil when it did not (it is then killed, group and all).
    func wait(seconds: Double) -> Ending? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0, errno != EINTR { return nil }
            if Date() > deadline {
                kill(-pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                return nil
            }
            usleep(5_000)
        }
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killed(by: status & 0x7f)
    }

    /// The live processes (zombies are not) of the job: those of its process group, those descending from the
    /// command, those seen descending from it before, and any whose environment names the command as its supervisor
    /// (`SWITCHYARD_EXPLORATION_SUPERVISOR`).
    var processesLeft: [pid_t] {
        let table = ProcessTable.live
        let descendants = Self.descendants(of: pid, in: table)
        return table.filter { $0.group == pid || $0.supervisor == pid || seen.contains($0.pid) || descendants.contains($0.pid) }
            .map(\.pid).filter { $0 != pid }
    }

    /// The processes descending from the command now, such as its exploration workers; each is remembered, so that
    /// one left to another parent when the command ends is still found.
    var workers: [pid_t] {
        let descendants = Self.descendants(of: pid, in: ProcessTable.live)
        seen.formUnion(descendants)
        return descendants.sorted()
    }

    private static func descendants(of root: pid_t, in table: [ProcessTable.Entry]) -> Set<pid_t> {
        var found: Set<pid_t> = []
        var frontier: Set<pid_t> = [root]
        while !frontier.isEmpty {
            let next = Set(table.filter { frontier.contains($0.parent) && !found.contains($0.pid) }.map(\.pid))
            found.formUnion(next)
            frontier = next
        }
        return found
    }

    /// Waits at most `seconds` for no process of the job to be left; the processes still there then.
    func processesLeft(within seconds: Double) -> [pid_t] {
        let deadline = Date().addingTimeInterval(seconds)
        var left = processesLeft
        while !left.isEmpty, Date() < deadline {
            usleep(20_000)
            left = processesLeft
        }
        return left
    }

    /// Every file under the directory, with its size and modification time.
    var files: [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let name = enumerator?.nextObject() as? String {
            var status = stat()
            guard lstat(directory + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            files[name] = "\(status.st_size) bytes, modified \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return files
    }
}

/// The processes `/proc` lists.
enum ProcessTable {
    /// A process: its id, its parent, its process group, and the supervisor its environment names, if any.
    struct Entry {
        var pid: pid_t
        var parent: pid_t
        var group: pid_t
        var supervisor: pid_t?
    }

    /// Every process that is not a zombie.
    static var live: [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> Entry? in
            guard let pid = pid_t(name),
                  let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let end = stat.lastIndex(of: ")")
            else { return nil }
            // After "pid (command)": state, parent, process group, ...
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            guard fields.count > 2, fields[0] != "Z", let parent = pid_t(fields[1]), let group = pid_t(fields[2]) else { return nil }
            let environment = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(name)/environ"))) ?? Data()
            let prefix = "SWITCHYARD_EXPLORATION_SUPERVISOR="
            let supervisor = environment.split(separator: 0).lazy
                .map { String(decoding: $0, as: UTF8.self) }
                .first { $0.hasPrefix(prefix) }
                .flatMap { pid_t($0.dropFirst(prefix.count)) }
            return Entry(pid: pid, parent: parent, group: group, supervisor: supervisor)
        }
    }
}
#endif
