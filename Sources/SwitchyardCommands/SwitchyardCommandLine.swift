import ArgumentParser
import Experiments
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import VariantKit

/// Every `switchyard` command (run, simulate, report, validate, ...) over the apps a host registers:
/// the whole of a team's host executable is one call, its `main.swift`:
///
/// ```swift
/// import ShopApps
/// import SwitchyardCommands
///
/// SwitchyardCommandLine.main(hosting: RegisteredApps.all)
/// ```
///
/// `RegisteredApps` is what VariantRegistryPlugin generates in the target it is applied to. A host
/// can run the sample apps beside its own: `ShopApps.RegisteredApps.all + SampleApps.RegisteredApps.all`.
public enum SwitchyardCommandLine {
    /// Parses the process's arguments, runs the command over `apps`, and exits with its status.
    ///
    /// Commands read each app's files from `Configuration/<app>/`, in the folder
    /// `SWITCHYARD_CONFIGURATION` names, or else the nearest `Configuration` folder from the working
    /// directory up, so a command run anywhere inside a package finds that package's configuration.
    ///
    /// - Parameter apps: the apps to host, each with its variants.
    public static func main(hosting apps: [RegisteredApp]) -> Never {
        // First: a worker started by a command ends at once if that command is gone.
        let snapshots = ExplorationWorker.begin(environment: ProcessInfo.processInfo.environment)
        let configuration = ConfigurationDirectory.locate()
        HostContext.install(HostContext(apps: apps, configurationDirectory: configuration.path, configurationSearch: configuration.search))
        // The process's main thread waits while the command runs as a task: a synchronous entry point,
        // unlike an async `main`, runs under valgrind, which counts the instructions of the guarded workloads.
        takeEndingSignals()
        let code = Mutex<ExitCode>(.success)
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            // Every input is read once: a FIFO or /dev/stdin gives its bytes to one reader.
            let result = await FileSnapshots.$current.withValue(snapshots) { await SwitchyardCommand.runReportingErrors() }
            code.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        SwitchyardCommand.exit(with: code.withLock { $0 })
    }

    /// Unblocks SIGINT, SIGTERM and SIGHUP on the main thread, which waits for the command and so is
    /// the one to take them: a parent may have started this process with them blocked (a test runner's
    /// worker thread does), and the command's own threads keep them blocked.
    private static func takeEndingSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
