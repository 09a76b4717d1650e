import Foundation
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
///     static func main() async {
///         await SwitchyardCommandLine.main(hosting: RegisteredApps.all)
///     }
/// }
/// ```
///
/// `RegisteredApps` is what VariantRegistryPlugin generates in the target it is applied to. A host
/// can run the sample apps beside its own: `ShopApps.RegisteredApps.all + SampleApps.RegisteredApps.all`.
public enum SwitchyardCommandLine {
    /// Parses the process's arguments, runs the command over `apps`, and exits with its status.
    ///
    /// Commands read each app's files from `Configuration/<app>/`, in the first of: the folder
    /// `SWITCHYARD_CONFIGURATION` names; the nearest `Configuration` folder from the working directory
    /// up; the nearest from `hostSourceFile` up (the caller's own source file by default, so a host
    /// built from a checkout finds its package's configuration from any working directory).
    ///
    /// - Parameters:
    ///   - apps: the apps to host, each with its variants.
    ///   - hostSourceFile: where the search for `Configuration` ends; leave it to its default.
    public static func main(hosting apps: [RegisteredApp], hostSourceFile: String = #filePath) async -> Never {
        let host = HostContext(apps: apps, configurationDirectory: ConfigurationDirectory.locate(hostSourceFile: hostSourceFile))
        let code = await HostContext.$current.withValue(host) {
            await Switchyard.runReportingErrors()
        }
        Switchyard.exit(with: code)
    }
}
