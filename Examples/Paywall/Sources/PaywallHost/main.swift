import PaywallRegistry
import SwitchyardCommands

// `paywall-switchyard`: every `switchyard` command over this package's apps (`+ SampleApps.RegisteredApps.all` hosts the samples too).
SwitchyardCommandLine.main(hosting: RegisteredApps.all)
