#if os(Linux)
import Foundation
import Glibc

/// One run of the built `switchyard`, measured by the kernel: its peak resident memory and CPU time, from
/// `wait4(2)`, which counts the command and any worker it waited for, and no other process of the tests.
///
/// The command is started by a small Python process that forks it and reports what `wait4` says of it. Started
/// straight from the tests' process, the command's peak would be at least the tests' own: `posix_spawn` starts
/// the child in the tests' memory (`CLONE_VM`), and on `execve` Linux carries that memory's peak into the child's
/// `ru_maxrss` (hundreds of MiB once many suites have run). A child forked from a process of a few MiB carries
/// those few MiB only. Without `python3` on the `PATH` the command is started straight, and its peak may read high.
struct MeasuredRun {
    /// The exit status.
    var status: Int32
    /// Peak resident memory, in MiB.
    var peakMiB: Double
    /// User plus system CPU time, in seconds.
    var cpuSeconds: Double
    /// What the command wrote to standard error.
    var standardError: String

    /// Forks `argv[2:]`, waits for it, writes its `ru_maxrss` (KiB) and CPU seconds to the file `argv[1]`, and exits
    /// as it did.
    static let launcher = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            try:
                os.execv(sys.argv[2], sys.argv[2:])
            finally:
                os._exit(127)
        _, status, usage = os.wait4(pid, 0)
        with open(sys.argv[1], "w") as out:
            out.write("%d %.6f\\n" % (usage.ru_maxrss, usage.ru_utime + usage.ru_stime))
        sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
        """

    /// The path of `python3` on the `PATH`, if any.
    static let python: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `switchyard arguments...` (paths in them absolute), standard output discarded, standard error kept in
    /// `errorFile`.
    static func switchyard(_ arguments: [String], errorFile: String) throws -> MeasuredRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let usageFile = errorFile + ".usage"
        try? FileManager.default.removeItem(atPath: usageFile)
        defer { try? FileManager.default.removeItem(atPath: usageFile) }
        let command = [CLI.executable.path] + arguments
        let argv = python.map { [$0, "-c", launcher, usageFile] + command } ?? command
        let environ = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnvironment: [UnsafeMutablePointer<CChar>?] = environ.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        var peakKiB = Double(usage.ru_maxrss)
        var cpuSeconds = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        if python != nil {
            // The command's own usage, as the launcher's wait4 read it.
            let fields = ((try? String(contentsOfFile: usageFile, encoding: .utf8)) ?? "").split(separator: " ")
                .compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            guard fields.count == 2 else { throw POSIXError(.EIO) }
            (peakKiB, cpuSeconds) = (fields[0], fields[1])
        }
        return MeasuredRun(
            status: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            peakMiB: peakKiB / 1024,
            cpuSeconds: cpuSeconds,
            standardError: (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        )
    }
}
#endif
