import Foundation

/// Paths of the repository's bundled files, for tests that run the CLI elsewhere.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let experiments = root.appendingPathComponent("Configuration/onboarding/experiments.json").path
    static let behavior = root.appendingPathComponent("Configuration/onboarding/behavior.json").path

    /// `simulate` of `users` on the bundled config and behaviour model into `events`, then `extra`.
    static func simulate(users: Int, events: String, _ extra: [String] = []) -> [String] {
        ["simulate", "--users", "\(users)", "--config", experiments, "--behavior", behavior, "--events", events] + extra
    }
}

/// Behaviour models whose true difference between the auth flows is known.
enum PlantedBehavior {
    /// Everyone continues everywhere except on signup, where `control` and `treatment` of the
    /// users continue and the rest leave; so the completion rates are exactly these.
    static func json(control: Double, treatment: Double) -> String {
        """
        {
          "screens": {
            "welcome": { "actions": { "continue": 1 }, "thinkSeconds": { "median": 3, "spread": 0.3 } },
            "profile": { "actions": { "continue": 1 }, "thinkSeconds": { "median": 20, "spread": 0.3 } },
            "signup": { "actions": { "continue": \(control), "abandon": \(1 - control) }, "thinkSeconds": { "median": 20, "spread": 0.3 } }
          },
          "variants": {
            "signup-after-profile": {
              "signup": { "actions": { "continue": \(treatment), "abandon": \(1 - treatment) }, "thinkSeconds": { "median": 20, "spread": 0.3 } }
            }
          }
        }
        """
    }
}

extension CLI.Result {
    /// Standard output parsed as a JSON object.
    var json: [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) as? [String: Any]
    }
}
