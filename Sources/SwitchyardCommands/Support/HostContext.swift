import VariantKit

/// What the executable running the commands hosts: its apps and where their configuration lives.
struct HostContext: Sendable {
    /// The apps, each with its variants, as the executable registered them.
    var apps: [RegisteredApp]
    /// The folder holding `<app>/experiments.json` and `<app>/behavior.json`.
    var configurationDirectory: String

    /// The host of the running command; set once by `SwitchyardCommandLine.main(hosting:)`.
    @TaskLocal static var current = HostContext(apps: [], configurationDirectory: ConfigurationDirectory.defaultName)
}
