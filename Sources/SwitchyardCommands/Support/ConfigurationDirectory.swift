import Foundation

/// Finds the folder of the apps' configuration (`Configuration/<app>/...`).
enum ConfigurationDirectory {
    /// The folder's name, under a package's root.
    static let defaultName = "Configuration"
    /// The environment variable naming the folder outright.
    static let environmentVariable = "SWITCHYARD_CONFIGURATION"

    /// The folder found, and where it was looked for.
    struct Location: Sendable {
        /// The folder, relative to the working directory when it is the working directory's own.
        var path: String
        /// Where it was looked for, as a clause for messages about a file missing from it:
        /// `no Configuration folder in /tmp/x or a folder above it, and SWITCHYARD_CONFIGURATION is not set`.
        var search: String
    }

    /// The folder `SWITCHYARD_CONFIGURATION` names; else the nearest `Configuration` folder from the
    /// working directory up; else `Configuration`, relative to the working directory, where commands
    /// report what is missing (and run an app on its slots' defaults, as they do without a config).
    static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> Location {
        if let named = environment[environmentVariable], !named.isEmpty {
            return Location(path: named, search: "\(environmentVariable) names \(named)")
        }
        let workingDirectory = FileManager.default.currentDirectoryPath
        if let found = nearest(from: workingDirectory) {
            return Location(
                path: relativeIfInside(found, workingDirectory),
                search: "the nearest \(defaultName) folder from \(workingDirectory) up is \(found), and \(environmentVariable) is not set"
            )
        }
        return Location(
            path: defaultName,
            search: "no \(defaultName) folder in \(workingDirectory) or a folder above it, and \(environmentVariable) is not set"
        )
    }

    /// The nearest `Configuration` folder in `start` or a folder above it.
    private static func nearest(from start: String) -> String? {
        var folder = URL(fileURLWithPath: start, isDirectory: true).standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(defaultName).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue {
                return candidate
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// `path` relative to `workingDirectory` when it is the working directory's own `Configuration`,
    /// so messages keep naming `Configuration/<app>/...` as they do when run from a package's root.
    private static func relativeIfInside(_ path: String, _ workingDirectory: String) -> String {
        let own = URL(fileURLWithPath: workingDirectory, isDirectory: true).standardizedFileURL.appendingPathComponent(defaultName).path
        return path == own ? defaultName : path
    }
}
