import PaywallRegistry
import SwitchyardCommands

/// `paywall-switchyard`: every `switchyard` command (run, simulate, report, validate, ...) over
/// this package's apps. Add `+ SampleApps.RegisteredApps.all` to host Switchyard's samples too.
@main
enum PaywallHost {
    static func main() {
        SwitchyardCommandLine.main(hosting: RegisteredApps.all)
    }
}
