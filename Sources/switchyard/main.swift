import SampleApps
import SwitchyardCommands

// The `switchyard` executable: every command over the sample apps. A team's host is these lines
// with its own `RegisteredApps` (see "Using Switchyard from your own package" in the README).
await SwitchyardCommandLine.main(hosting: RegisteredApps.all)
