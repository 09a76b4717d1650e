#if os(Linux)
import Foundation
import Glibc

/// One run of the built `switchyard`, measured by the kernel: its peak resident memory and CPU time, from
/// `wait4(2)`, which counts the command and any worker it waited for, and no other process of the tests.
struct MeasuredRun {
    /// The exit status.
    var status: Int32
    /// Peak resident memory, in MiB.
    var peakMiB: Double
    /// User plus system CPU time, in seconds.
    var cpuSeconds: Double
    /// What the command wrote to standard error.
    var standardError: String

    /// Runs `switchyard arguments...` (paths in them absolute), standard output discarded, standard error kept in
    /// `errorFile`.
    static func switchyard(_ arguments: [String], errorFile: String) throws -> MeasuredRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = [CLI.executable.path] + arguments
        let environ = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        let cEnvironment: [UnsafeMutablePointer<CChar>?] = environ.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let failure = posix_spawn(&pid, CLI.executable.path, &actions, nil, cArguments, cEnvironment)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EINVAL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ECHILD) }
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000 }
        return MeasuredRun(
            status: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            peakMiB: Double(usage.ru_maxrss) / 1024,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
            standardError: (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        )
    }
}
#endif
