import Foundation

/// Where an app's bundled files are: `Configuration/<app>/` under the working directory, as in
/// this repository.
enum BundledConfiguration {
    /// The folder holding every app's configuration folder.
    static let directory = "Configuration"

    /// The experiment config of `app`.
    static func experimentsPath(app: String) -> String {
        "\(directory)/\(app)/experiments.json"
    }

    /// The behaviour model of `app`.
    static func behaviorPath(app: String) -> String {
        "\(directory)/\(app)/behavior.json"
    }

    /// Every app's experiment config that exists, ordered by app name.
    static func existingExperimentPaths() -> [String] {
        let apps = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return apps.sorted().map(experimentsPath(app:)).filter { FileManager.default.fileExists(atPath: $0) }
    }
}
