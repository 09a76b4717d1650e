import ArgumentParser
import Foundation
import Synchronization
import VariantKit

/// Every `switchyard` command (run, simulate, report, validate, ...) over the apps a host registers:
/// the whole of a team's host executable is one call.
///
/// ```swift
/// import ShopApps
/// import SwitchyardCommands
///
/// @main
/// enum ShopHost {
///     static func main() {
///         SwitchyardCommandLine.main(hosting: RegisteredApps.all)
///     }
/// }
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
        HostContext.install(HostContext(apps: apps, configurationDirectory: ConfigurationDirectory.locate()))
        // The process's main thread waits while the command runs as a task: a synchronous entry point,
        // unlike an async `main`, runs under valgrind, which counts the instructions of the guarded workloads.
        let code = Mutex<ExitCode>(.success)
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            let result = await Switchyard.runReportingErrors()
            code.withLock { $0 = result }
            finished.signal()
        }
        finished.wait()
        Switchyard.exit(with: code.withLock { $0 })
    }
}
