import Experiments
import VariantKit
import Foundation

/// Assigns an app's users to its variants: the app's experiment config, validated against the
/// variants registered for the app.
public struct AppAssigner: Sendable {
    /// The validated config.
    public let validated: ValidatedExperimentConfig
    /// The file it came from; nil for the app's built-in defaults.
    public let source: String?
    private let assigner: Assigner

    /// Loads and validates the config file at `path` against `registry`.
    ///
    /// - Throws: `ConfigError` listing every problem, each located by its JSON path; a config
    ///   that names another app (`"app"`) is refused before its variants are checked.
    public init(contentsOf path: String, registry: VariantRegistry) throws(ConfigError) {
        let data = try ExperimentConfig.fileContents(atPath: path)
        let appName = registry.app.name
        if let named = (try? ExperimentConfig.decode(from: data, source: path))?.app, named != appName {
            throw ConfigError(file: path, issues: [ConfigIssue(
                path: JSONPath.root.appending("app"),
                message: "the config is for app \"\(named)\", not \"\(appName)\"; pass the --config of \(appName), or --app \(named)"
            )])
        }
        let validated = try ExperimentConfig.load(from: data, catalog: Self.catalog(of: registry), source: path)
        self.init(validated: validated, source: path)
    }

    /// The app's own slot defaults, with no rules and no experiments: what runs without a config.
    ///
    /// - Throws: `ConfigError` if a slot's default is not registered for it, which
    ///   `VariantRegistry` already refuses.
    public init(defaultsOf registry: VariantRegistry) throws(ConfigError) {
        let config = ExperimentConfig(app: registry.app.name, slots: registry.app.slots.map {
            ConfigSlot(id: SlotID($0.id), defaultVariant: VariantID($0.defaultVariant))
        })
        self.init(validated: try config.validated(against: Self.catalog(of: registry), source: "\(registry.app.name) defaults"), source: nil)
    }

    private init(validated: ValidatedExperimentConfig, source: String?) {
        self.validated = validated
        self.source = source
        assigner = Assigner(config: validated)
    }

    /// The variants registered in `registry`, as the config validator sees them.
    static func catalog(of registry: VariantRegistry) -> VariantCatalog {
        VariantCatalog(Dictionary(uniqueKeysWithValues: registry.variants.map { (VariantID($0.id), SlotID($0.slot)) }))
    }

    /// Assigns every slot for `user`, described by `attributes`; `forced` variants, by slot, win.
    ///
    /// The user id is the `id` attribute unless `attributes` already holds one. With `stickyBuckets`, users keep the
    /// variation a store recorded for them (GrowthBook's sticky bucketing) and new assignments are recorded in it.
    public func assign(
        user: String, attributes: Attributes = Attributes(), forced: [String: String] = [:],
        stickyBuckets: (any StickyBucketStore)? = nil
    ) -> SessionAssignment {
        var withID = attributes
        if !withID.contains("id") { withID["id"] = .string(user) }
        let forcedVariants = Dictionary(uniqueKeysWithValues: forced.map { (SlotID($0.key), VariantID($0.value)) })
        return assigner.assign(attributes: withID, forcedVariants: forcedVariants, stickyBuckets: stickyBuckets)
    }
}
