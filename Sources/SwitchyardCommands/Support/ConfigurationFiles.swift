import Experiments
import Foundation

/// Where each app's own files are: `<configuration directory>/<app>/experiments.json` and
/// `behavior.json`, in the folder the host found (see `ConfigurationDirectory`).
enum ConfigurationFiles {
    /// The folder holding every app's configuration folder.
    static var directory: String { HostContext.current.configurationDirectory }

    /// The experiment config of `app`.
    static func experimentsPath(app: String) -> String {
        "\(directory)/\(app)/experiments.json"
    }

    /// The behaviour model of `app`.
    static func behaviorPath(app: String) -> String {
        "\(directory)/\(app)/behavior.json"
    }

    /// The app folders under the configuration directory, sorted.
    static func appFolders() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.sorted().filter { entry in
            var isDirectory: ObjCBool = false
            return !entry.hasPrefix(".")
                && FileManager.default.fileExists(atPath: "\(directory)/\(entry)", isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// Every app's experiment config that is there, ordered by app name: every path with an entry, so that a
    /// broken or looping symbolic link, a directory or an unreadable file is read, and refused, rather than
    /// skipped as absent.
    static func existingExperimentPaths() -> [String] {
        appFolders().map(experimentsPath(app:)).filter { !BoundedFile.isAbsent($0) }
    }
}
