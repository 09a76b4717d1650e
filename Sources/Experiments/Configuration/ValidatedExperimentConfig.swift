/// A configuration that passed validation against the host's variant catalog, ready for an ``Assigner``.
public struct ValidatedExperimentConfig: Sendable, Equatable {
    /// The configuration.
    public let config: ExperimentConfig
    /// The catalog it was validated against.
    public let catalog: VariantCatalog

    init(config: ExperimentConfig, catalog: VariantCatalog) {
        self.config = config
        self.catalog = catalog
    }
}
