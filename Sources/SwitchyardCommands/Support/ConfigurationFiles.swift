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

    /// The scenarios of `app`, sorted by name: the folders of its configuration folder that hold an experiment
    /// config and a behaviour model of their own (`Configuration/onboarding/returning/`), named with letters, digits,
    /// `-`, `_` and `.` only (a name printed as it is). `demo` runs each after the app's own files.
    static func scenarios(app: String) -> [String] {
        let folder = "\(directory)/\(app)"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.sorted().filter { entry in
            !entry.hasPrefix(".") && entry.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
                && isFolder("\(folder)/\(entry)")
                && !BoundedFile.isAbsent(experimentsPath(app: app, scenario: entry)) && !BoundedFile.isAbsent(behaviorPath(app: app, scenario: entry))
        }
    }

    /// The experiment config of `app`'s `scenario`.
    static func experimentsPath(app: String, scenario: String) -> String {
        "\(directory)/\(app)/\(scenario)/experiments.json"
    }

    /// The behaviour model of `app`'s `scenario`.
    static func behaviorPath(app: String, scenario: String) -> String {
        "\(directory)/\(app)/\(scenario)/behavior.json"
    }

    /// Why `path`, an app's file under the configuration directory, is missing and what to do, after
    /// `what` (such as `no experiment config`): where the directory was looked for, how to point at one
    /// with `SWITCHYARD_CONFIGURATION`, and `option`, which names a file outright.
    static func missing(_ path: String, what: String, option: String) -> String {
        let search = HostContext.current.configurationSearch
        return "\(what): \(path) does not exist" + (search.isEmpty ? "" : " (\(search))")
            + "; run inside the package holding \(ConfigurationDirectory.defaultName)/, set \(ConfigurationDirectory.environmentVariable) "
            + "to the folder holding <app>/experiments.json and <app>/behavior.json, or pass \(option)"
    }

    /// The app folders under the configuration directory, sorted: its folders, and its symbolic links that lead
    /// to no folder (broken or looping), which are an app's folder gone wrong rather than no app.
    static func appFolders() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.sorted().filter { entry in
            guard !entry.hasPrefix(".") else { return false }
            var isDirectory: ObjCBool = false
            let path = "\(directory)/\(entry)"
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                ? isDirectory.boolValue : !BoundedFile.isAbsent(path)
        }
    }

    /// Every app's experiment config that is there, ordered by app name: every path with an entry, so that a
    /// broken or looping symbolic link, a directory or an unreadable file is read, and refused, rather than
    /// skipped as absent. Under an app folder that is a link leading nowhere, the config is read, and refused,
    /// too.
    static func existingExperimentPaths() -> [String] {
        appFolders().filter { app in
            !BoundedFile.isAbsent(experimentsPath(app: app)) || !isFolder("\(directory)/\(app)")
        }.map(experimentsPath(app:))
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
