import Synchronization
import VariantKit

/// What the executable running the commands hosts: its apps and where their configuration lives.
struct HostContext: Sendable {
    /// The apps, each with its variants, as the executable registered them.
    var apps: [RegisteredApp]
    /// The folder holding `<app>/experiments.json` and `<app>/behavior.json`.
    var configurationDirectory: String
    /// Where the folder was looked for (`ConfigurationDirectory.Location.search`), for messages about a missing file.
    var configurationSearch = ""

    /// The host of the running command.
    static var current: HostContext { storage.withLock { $0 } }

    /// Sets the host, once, before any command is parsed; every later read sees it.
    static func install(_ host: HostContext) {
        storage.withLock { $0 = host }
    }

    private static let storage = Mutex(HostContext(apps: [], configurationDirectory: ConfigurationDirectory.defaultName))
}
