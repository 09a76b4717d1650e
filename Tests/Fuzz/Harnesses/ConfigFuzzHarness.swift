import Experiments
import Foundation

/// Fuzzes the configuration parser, decoder and validator: `ExperimentConfig.load(from:catalog:)` on arbitrary
/// bytes, then an assignment with every configuration that validates.
public enum ConfigFuzzHarness: FuzzHarness {
    public static let name = "config"

    /// The sample app's variants, so that the bundled configuration and its mutations can validate.
    static let catalog = VariantCatalog([
        "phone": "app-shell",
        "tablet": "app-shell",
        "signup-before-profile": "auth-flow",
        "signup-after-profile": "auth-flow",
    ])

    /// Attribute documents every validated configuration assigns, covering the attributes conditions commonly use.
    static let users: [Attributes] = [
        ["id": "user-1", "deviceClass": "phone", "appVersion": "2.3.1", "locale": "en-US"],
        ["id": "user-2", "deviceClass": "tablet", "country": "DE", "tags": ["beta", "staff"], "age": 37],
        [:],
    ]

    public static func run(_ input: UnsafeBufferPointer<UInt8>) -> FuzzOutcome {
        let config: ValidatedExperimentConfig
        do {
            config = try ExperimentConfig.load(from: Data(input), catalog: catalog, source: "fuzz.json")
        } catch {
            return rejection(error)
        }
        // A configuration that validated must assign anyone without trapping.
        let assigner = Assigner(config: config)
        for user in users {
            _ = assigner.assign(attributes: user)
        }
        return .accepted("\(config.config.experiments.count) experiments")
    }

    private static func rejection(_ error: ConfigError) -> FuzzOutcome {
        guard !error.issues.isEmpty else { return .invariantViolated("a ConfigError without issues") }
        for issue in error.issues {
            if let line = issue.line, let column = issue.column, line < 1 || column < 1 {
                return .invariantViolated("syntax error located at line \(line), column \(column)")
            }
        }
        return .rejected(error.description)
    }
}
