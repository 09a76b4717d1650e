import ArgumentParser
import BundledVariants
import Experiments
import FlowReports
import Foundation
import VariantHost

/// The CLI's access to the host: the bundled registry and the experiment config, with their
/// errors turned into one clear message and a non-zero exit.
enum Host {
    /// The registry of the bundled app and variants.
    static func registry() throws -> VariantRegistry {
        do {
            return try VariantRegistry(app: BundledVariants.app, variants: BundledVariants.all)
        } catch {
            throw CommandError("the bundled variants are inconsistent: \(error)")
        }
    }

    /// The config at `path`, or the bundled one when it exists, or the app's defaults.
    static func configuration(path: String?, registry: VariantRegistry) throws -> HostConfiguration {
        do {
            return try HostConfiguration.resolve(path: path, registry: registry)
        } catch {
            throw CommandError(error.description)
        }
    }

    /// The funnels, variations and weights reports use, from the config at `path` (or the bundled one).
    static func reportConfigurations(configPath path: String?) throws -> [String: ExperimentConfiguration] {
        try configuration(path: path, registry: registry()).reportConfigurations
    }

    /// Where the report configuration of `reportConfigurations(configPath:)` comes from, for the report's notes.
    static func reportConfigurationSource(configPath path: String?) throws -> ConfigurationSource {
        if let source = try configuration(path: path, registry: registry()).source { return .file(source) }
        let directory = FileManager.default.currentDirectoryPath
        return .notFound("no --config given and \(HostConfiguration.defaultPath) does not exist in \(directory)")
    }

    /// The behaviour model at `path`.
    static func behavior(path: String) throws -> BehaviorModel {
        do {
            return try BehaviorModelLoader.load(contentsOf: path)
        } catch {
            throw CommandError(error.description)
        }
    }
}
