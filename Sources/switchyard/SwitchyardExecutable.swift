import SampleApps
import SwitchyardCommands

/// The `switchyard` executable: every command over the sample apps. A team's host is this type with
/// its own `RegisteredApps` (see "Using Switchyard from your own package" in the README).
@main
enum SwitchyardExecutable {
    static func main() {
        SwitchyardCommandLine.main(hosting: RegisteredApps.all)
    }
}
