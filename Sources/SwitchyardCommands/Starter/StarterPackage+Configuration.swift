// The starter app's configuration: one experiment between the two variants `init` makes, with a
// funnel, and a behaviour model for simulated users that plants a better variant.

extension StarterPackage {
    static let configurationFiles: [StarterFile] = [
        StarterFile("Configuration/__app__/experiments.json", #"""
            {
              "version": 1,
              "app": "__app__",
              "description": "Does asking for the address at once sign up more readers than welcoming them first?",
              "slots": [
                { "id": "signup-flow", "default": "welcome-first", "description": "The steps from the first screen to a confirmed signup." }
              ],
              "experiments": [
                {
                  "key": "email-first",
                  "description": "The address form at once against the welcome first.",
                  "slot": "signup-flow",
                  "status": "active",
                  "variations": ["welcome-first", "email-first"],
                  "coverage": 1,
                  "hashAttribute": "id",
                  "hashVersion": 2,
                  "funnel": {
                    "steps": [
                      { "name": "Saw the address form", "type": "screen_shown", "screen": "email" },
                      {
                        "name": "Signed up",
                        "type": "mutation",
                        "properties": { "operation": "sign_up", "outcome": "succeeded" }
                      },
                      { "name": "Saw the confirmation", "type": "screen_shown", "screen": "done" }
                    ],
                    "conversionWindowSeconds": 3600,
                    "goal": { "name": "Signed up", "type": "flow_completed" }
                  }
                }
              ]
            }

            """#),
        StarterFile("Configuration/__app__/behavior.json", #"""
            {
              "description": "Synthetic readers meeting the signup. Some leave on the welcome, so the address form at once has a planted effect.",
              "attributes": {
                "deviceClass": { "phone": 0.8, "tablet": 0.2 },
                "locale": { "en-US": 0.7, "de-DE": 0.3 }
              },
              "screens": {
                "welcome": {
                  "actions": { "continue": 0.7, "abandon": 0.3 },
                  "thinkSeconds": { "median": 6, "spread": 0.6 }
                },
                "email": {
                  "actions": { "continue": 0.6, "back": 0.05, "abandon": 0.25, "failValidation": 0.1 },
                  "thinkSeconds": { "median": 15, "spread": 0.5 }
                }
              }
            }

            """#),
    ]
}
