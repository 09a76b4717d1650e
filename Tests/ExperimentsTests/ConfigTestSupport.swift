import Experiments
import Foundation

/// Builds small configuration documents for validation tests and collects the problems they produce.
enum ConfigFixture {
    static let slots = """
    [{"id": "app-shell", "default": "phone"}, {"id": "auth-flow", "default": "signup-before-profile"}]
    """

    static let experiment = """
    {"key": "onboarding-order", "slot": "auth-flow",
     "variations": ["signup-before-profile", "signup-after-profile"], "weights": [0.5, 0.5]}
    """

    /// A configuration document with the given parts.
    static func document(slots: String = slots, rules: String = "[]", experiments: [String] = [experiment]) -> String {
        """
        {"slots": \(slots), "rules": \(rules), "experiments": [\(experiments.joined(separator: ", "))]}
        """
    }

    /// The problems loading `text` reports against the sample catalog, as `path: message` lines.
    static func issues(_ text: String) -> [String] {
        do {
            _ = try ExperimentConfig.load(from: Data(text.utf8), catalog: TestResources.sampleCatalog)
            return []
        } catch {
            return error.issues.map(\.description)
        }
    }

    /// The problems of a configuration that differs from the valid one only in its single experiment.
    static func issues(experiment: String) -> [String] {
        issues(document(experiments: [experiment]))
    }

    /// Experiment `k` of the `auth-flow` slot, between its two variants, with `fields` (JSON object
    /// members such as `"coverage": 1.5`) added.
    static func experiment(with fields: String = "") -> String {
        #"{"key": "k", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"]"#
            + (fields.isEmpty ? "" : ", " + fields) + "}"
    }

    /// The problems of a configuration whose single experiment is `experiment(with: fields)`.
    static func issues(experimentWith fields: String) -> [String] {
        issues(experiment: experiment(with: fields))
    }
}
