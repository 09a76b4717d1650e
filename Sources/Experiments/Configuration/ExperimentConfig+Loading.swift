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
    /// - Parameters:
    ///   - catalog: The host's registered variants, which every variant the configuration names must be.
    ///   - source: The name used to prefix problems, e.g. a file path.
    public func validated(against catalog: VariantCatalog, source: String = "experiments.json") throws(ConfigError) -> ValidatedExperimentConfig {
        let issues = validate(against: catalog)
        guard issues.isEmpty else { throw ConfigError(file: source, issues: issues) }
        return ValidatedExperimentConfig(config: self, catalog: catalog)
    }

    /// Decodes and validates configuration JSON, reporting every structural and semantic problem at once.
    ///
    /// Both Switchyard's own format and a GrowthBook SDK payload (`{"features": {...}}`, see
    /// `GrowthBookPayloadDecoder`) are accepted, told apart by content.
    ///
    /// - Parameters:
    ///   - data: The configuration document, JSON.
    ///   - catalog: The host's registered variants, which every variant the configuration names must be.
    ///   - source: The name used to prefix problems, e.g. the file path.
    public static func load(from data: Data, catalog: VariantCatalog, source: String = "experiments.json") throws(ConfigError) -> ValidatedExperimentConfig {
        let (decoded, decodingIssues) = try decodeDocument(data, source: source)
        var validator = ConfigValidator(
            config: decoded.config, catalog: catalog,
            slotPaths: decoded.slotPaths, rulePaths: decoded.rulePaths, experimentPaths: decoded.experimentPaths
        )
        let issues = decodingIssues + validator.validate()
        guard issues.isEmpty else { throw ConfigError(file: source, issues: issues) }
        return ValidatedExperimentConfig(config: decoded.config, catalog: catalog)
    }

    /// The bytes of the configuration file at `path`, at most 16 MiB of them.
    ///
    /// A file larger than that, or a device or pipe giving more, is refused without reading it whole.
    ///
    /// - Throws: `ConfigError` at the document's root saying the file is missing, a directory, a broken or
    ///   looping symbolic link, unreadable, or too large.
    public static func fileContents(atPath path: String) throws(ConfigError) -> Data {
        do {
            return try BoundedFile.contents(atPath: path, expected: "a JSON file")
        } catch {
            throw ConfigError(file: path, issues: [ConfigIssue(path: .root, message: error.reason)])
        }
    }

    /// Decodes configuration JSON without checking its variants against any registry, as a report
    /// reading logs needs it: every structural problem is reported, as `load` would.
    ///
    /// - Parameters:
    ///   - data: The configuration document, JSON.
    ///   - source: The name used to prefix problems, e.g. the file path.
    public static func decode(from data: Data, source: String = "experiments.json") throws(ConfigError) -> ExperimentConfig {
        let (decoded, issues) = try decodeDocument(data, source: source)
        guard issues.isEmpty else { throw ConfigError(file: source, issues: issues) }
        return decoded.config
    }

    /// Whether `document` is a GrowthBook SDK payload rather than Switchyard's own format, which alone has the report
    /// sections (`funnel`, `analysis`) that the report side decodes.
    package static func isGrowthBookPayload(_ document: JSONValue) -> Bool {
        GrowthBookPayloadDecoder.isPayload(document)
    }

    /// Parses `data` and decodes it in its format, returning what decoded and every structural problem.
    ///
    /// - Throws: `ConfigError` when `data` is not JSON at all.
    private static func decodeDocument(_ data: Data, source: String) throws(ConfigError) -> (ConfigDecoder.Decoded, [ConfigIssue]) {
        let document: JSONValue
        do {
            document = try JSONParser.parse(data)
        } catch {
            throw ConfigError(file: source, issues: [ConfigIssue(syntaxError: error)])
        }
        // A GrowthBook SDK payload is recognised by its content: `features` and no `slots`.
        if GrowthBookPayloadDecoder.isPayload(document) {
            let decoder = GrowthBookPayloadDecoder()
            let decoded = decoder.decode(document)
            return (decoded, decoder.issues)
        }
        let decoder = ConfigDecoder()
        let decoded = decoder.decode(document)
        return (decoded, decoder.issues)
    }

    /// Reads, decodes and validates the configuration file at `url`; problems are prefixed by the file's path.
    ///
    /// The file is read as ``fileContents(atPath:)`` reads it: at most 16 MiB.
    public static func load(contentsOf url: URL, catalog: VariantCatalog) throws(ConfigError) -> ValidatedExperimentConfig {
        try load(from: fileContents(atPath: url.path), catalog: catalog, source: url.path)
    }
}
