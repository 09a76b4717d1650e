public import Foundation

extension ExperimentConfig {
    /// Every problem with this configuration given the host's registered variants; empty when it is valid.
    ///
    /// Elements are named by their position, e.g. `experiments[1].weights: 3 weights for 2 variations`.
    public func validate(against catalog: VariantCatalog) -> [ConfigIssue] {
        var validator = ConfigValidator(config: self, catalog: catalog)
        return validator.validate()
    }

    /// This configuration wrapped as validated, or a ``ConfigError`` listing every problem.
    ///
    /// - Parameter source: The name used to prefix problems, e.g. a file path.
    public func validated(against catalog: VariantCatalog, source: String = "experiments.json") throws(ConfigError) -> ValidatedExperimentConfig {
        let issues = validate(against: catalog)
        guard issues.isEmpty else { throw ConfigError(file: source, issues: issues) }
        return ValidatedExperimentConfig(config: self, catalog: catalog)
    }

    /// Decodes and validates configuration JSON, reporting every structural and semantic problem at once.
    ///
    /// Both Switchyard's own format and a GrowthBook SDK payload (`{"features": {...}}`, see
    /// ``GrowthBookPayloadDecoder``) are accepted, told apart by content.
    ///
    /// - Parameter source: The name used to prefix problems, e.g. the file path.
    public static func load(from data: Data, catalog: VariantCatalog, source: String = "experiments.json") throws(ConfigError) -> ValidatedExperimentConfig {
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw ConfigError(file: source, issues: [ConfigIssue(syntaxError: error)])
        }
        // A GrowthBook SDK payload is recognised by its content: `features` and no `slots`.
        let decoded: ConfigDecoder.Decoded
        let decodingIssues: [ConfigIssue]
        if GrowthBookPayloadDecoder.isPayload(document) {
            let decoder = GrowthBookPayloadDecoder()
            decoded = decoder.decode(document)
            decodingIssues = decoder.issues
        } else {
            let decoder = ConfigDecoder()
            decoded = decoder.decode(document)
            decodingIssues = decoder.issues
        }
        var validator = ConfigValidator(
            config: decoded.config, catalog: catalog,
            slotPaths: decoded.slotPaths, rulePaths: decoded.rulePaths, experimentPaths: decoded.experimentPaths
        )
        let issues = decodingIssues + validator.validate()
        guard issues.isEmpty else { throw ConfigError(file: source, issues: issues) }
        return ValidatedExperimentConfig(config: decoded.config, catalog: catalog)
    }

    /// Reads, decodes and validates the configuration file at `url`; problems are prefixed by the file's path.
    public static func load(contentsOf url: URL, catalog: VariantCatalog) throws(ConfigError) -> ValidatedExperimentConfig {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigError(file: url.path, issues: [ConfigIssue(path: .root, message: "cannot read file: \(error.localizedDescription)")])
        }
        return try load(from: data, catalog: catalog, source: url.path)
    }
}
