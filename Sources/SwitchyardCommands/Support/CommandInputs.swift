import Experiments
import Foundation
import UserSimulation
import VariantHost
import VariantKit

/// The CLI's access to the host: the registered apps, the app a command runs, its experiment config
/// and behaviour model, with their errors turned into one clear message and a non-zero exit.
enum CommandInputs {
    /// The registry of every app the host registers, in registration order.
    ///
    /// - Throws: `CommandError` when the apps and variants are inconsistent, or an app's name is not the id
    ///   `add-variant` derives from its module's name (see `AppNameConvention`).
    static func registries() throws -> [VariantRegistry] {
        let registries: [VariantRegistry]
        do {
            registries = try VariantRegistry.registries(of: HostContext.current.apps)
        } catch {
            throw CommandError("the registered apps and variants are inconsistent: \(error)")
        }
        let mismatches = AppNameConvention.mismatches(in: HostContext.current.apps)
        guard mismatches.isEmpty else { throw CommandError(mismatches.joined(separator: "\n")) }
        return registries
    }

    /// The registry of the app a command runs: `app` when given, else the app the config at
    /// `configPath` names, else the one app whose variants include every id of `variants`, else
    /// the only app.
    static func registry(app: String?, configPath: String? = nil, variants: [String] = []) throws -> VariantRegistry {
        let registries = try registries()
        func lookUp(_ name: String, _ source: String) throws -> VariantRegistry {
            do {
                return try registries.registry(forApp: name)
            } catch {
                throw CommandError("\(source): \(error)")
            }
        }
        if let app { return try lookUp(app, "--app") }
        if let configPath, let named = try configuredApp(at: configPath) {
            return try lookUp(named, "\(configPath): app")
        }
        if !variants.isEmpty {
            let candidates = registries.filter { registry in variants.allSatisfy { registry.variant(id: $0) != nil } }
            if candidates.count == 1 { return candidates[0] }
            if candidates.isEmpty, registries.count > 1 {
                let unknown = variants.first { registries.registries(withVariant: $0).isEmpty }
                throw CommandError(
                    unknown.map { "unknown variant \"\($0)\" in --variant: no app has it (see switchyard variants)" }
                        ?? "the --variant ids belong to different apps; choose the app's variants, one per slot"
                )
            }
        }
        if registries.count == 1 { return registries[0] }
        throw CommandError(
            "several apps are registered (\(registries.appNames.joined(separator: ", "))): choose one with --app"
                + (configPath == nil ? ", or pass the --config of an app" : "")
        )
    }

    /// The config at `path`; without one, the app's bundled config when it exists, else the app's defaults.
    static func configuration(path: String?, registry: VariantRegistry) throws -> AppAssigner {
        do {
            if let path { return try checkedConfiguration(at: path, registry: registry) }
            let bundled = ConfigurationFiles.experimentsPath(app: registry.app.name)
            if !BoundedFile.isAbsent(bundled) {
                return try checkedConfiguration(at: bundled, registry: registry)
            }
            return try AppAssigner(defaultsOf: registry)
        } catch {
            throw CommandError(error.description)
        }
    }

    /// The config file at `path`, checked whole: its assignment part against the variants of `registry`, and its
    /// report sections, so that a config `validate` accepts is one `report` reads.
    ///
    /// - Throws: `ConfigError` listing every problem of both parts.
    static func checkedConfiguration(at path: String, registry: VariantRegistry) throws(ConfigError) -> AppAssigner {
        try ReportSectionDecoder.decode(fileAt: path) { () throws(ConfigError) in
            try AppAssigner(contentsOf: path, registry: registry)
        }.rest
    }

    /// The behaviour model at `path`, or the app's bundled one, checked against the screens and
    /// variants of `registry`.
    static func behavior(path: String?, registry: VariantRegistry) throws -> BehaviorModel {
        let app = registry.app.name
        let path = path ?? ConfigurationFiles.behaviorPath(app: app)
        guard path != ConfigurationFiles.behaviorPath(app: app) || !BoundedFile.isAbsent(path) else {
            throw CommandError(
                ConfigurationFiles.missing(path, what: "no behaviour model for \(app)", option: "--behavior")
            )
        }
        do {
            return try BehaviorModelLoader.load(contentsOf: path, for: registry)
        } catch {
            throw CommandError(error.description)
        }
    }

    /// The app the config at `path` names, if it names one.
    private static func configuredApp(at path: String) throws -> String? {
        do {
            return try ExperimentConfig.decode(from: ExperimentConfig.fileContents(atPath: path), source: path).app
        } catch {
            throw CommandError(error.description)
        }
    }

    /// The variants `ids` name (`--variant`), by the slot each fills.
    ///
    /// - Throws: `CommandError` for an id `registry` does not have, or two ids that fill one slot.
    static func forcedVariants(_ ids: [String], in registry: VariantRegistry) throws -> [String: String] {
        var bySlot: [String: String] = [:]
        for id in ids {
            guard let variant = registry.variant(id: id) else {
                throw CommandError(
                    "unknown variant \"\(id)\" in --variant for app \(registry.app.name); expected one of: "
                        + registry.variants.map { $0.id }.joined(separator: ", ")
                )
            }
            if let earlier = bySlot[variant.slot] {
                throw CommandError(
                    "--variant \(earlier) and --variant \(id) both fill slot \"\(variant.slot)\"; choose one per slot"
                )
            }
            bySlot[variant.slot] = id
        }
        return bySlot
    }
}
