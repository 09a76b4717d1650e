import Experiments
import Foundation
import Testing

/// A GrowthBook SDK payload used as the configuration: features become slots, values become variants.
@Suite("GrowthBook payload as a config source")
struct GrowthBookPayloadTests {
    static let payload = """
    {"features": {
       "onboarding": {"defaultValue": "control", "rules": [
         {"condition": {"beta": true}, "force": "profile-first"},
         {"key": "onboarding-order", "variations": ["control", "profile-first"], "weights": [0.5, 0.5], "coverage": 0.5,
          "hashVersion": 2, "bucketVersion": 1, "meta": [{"key": "c"}, {"key": "p"}]},
         {"force": "control", "coverage": 1}
       ]},
       "unrelated-flag": {"defaultValue": true}
     },
     "switchyard": {
       "features": {"onboarding": {"slot": "auth-flow",
                                   "variants": {"control": "signup-before-profile", "profile-first": "signup-after-profile"}}},
       "slots": [{"id": "app-shell", "default": "phone"}]
     }}
    """

    static func load(_ text: String) throws(ConfigError) -> ValidatedExperimentConfig {
        try ExperimentConfig.load(from: Data(text.utf8), catalog: TestResources.sampleCatalog, source: "payload.json")
    }

    @Test("features map to slots and variation values to variant ids, with the payload's rule order")
    func mapping() throws {
        let config = try Self.load(Self.payload)
        #expect(config.config.slots.map(\.id) == ["app-shell", "auth-flow"])
        #expect(config.config.slot("auth-flow")?.defaultVariant == "signup-before-profile")
        let experiment = try #require(config.config.experiment("onboarding-order"))
        #expect(experiment.variations == ["signup-before-profile", "signup-after-profile"])
        #expect(experiment.bucketVersion == 1 && experiment.variationKeys == ["c", "p"])
        let assigner = Assigner(config: config)
        #expect(assigner.assign(attributes: ["id": "u", "beta": true])["auth-flow"]?.reason == .rule(index: 0))
        var experimentUsers = 0
        var rolloutUsers = 0
        for index in 0..<400 {
            let slot = assigner.assign(attributes: ["id": .string("user-\(index)")])["auth-flow"]
            switch slot?.reason {
            case .experiment?: experimentUsers += 1
            case .rule(index: 1)?:
                rolloutUsers += 1
                #expect(slot?.variant == "signup-before-profile")
            default: Issue.record("unexpected \(String(describing: slot))")
            }
        }
        // The rollout after the experiment catches exactly the users its 50% coverage leaves out.
        #expect(experimentUsers > 150 && rolloutUsers > 150 && experimentUsers + rolloutUsers == 400)
    }

    @Test("without a switchyard section, features are slots of the same name and string values are variant ids")
    func identityMapping() throws {
        let config = try Self.load("""
            {"features": {"auth-flow": {"defaultValue": "signup-before-profile",
              "rules": [{"variations": ["signup-before-profile", "signup-after-profile"]}]}}}
            """)
        #expect(config.config.slots == [ConfigSlot(id: "auth-flow", defaultVariant: "signup-before-profile")])
        #expect(config.config.experiments.first?.key == "auth-flow")
        #expect(config.config.experiments.first?.hashVersion == 1)
    }

    @Test("problems are reported with their JSON paths")
    func locatedProblems() {
        do {
            _ = try Self.load("""
                {"features": {"auth-flow": {"defaultValue": "signup-before-profile", "rules": [
                   {"variations": ["signup-before-profile", "tablet", 3]},
                   {"key": "e2", "variations": ["signup-before-profile", "tablet"]},
                   {"force": "signup-after-profile", "parentConditions": [{"id": "x", "condition": {"value": true}}]},
                   {"force": "signup-after-profile", "condition": {"model": {"$regex": "(?<=a)b"}}}]}}}
                """)
            Issue.record("an invalid payload was accepted")
        } catch {
            #expect(error.issues.map(\.description) == [
                "features.auth-flow.rules[0].variations[2]: value 3 is not a variant id; map it in a \"switchyard\" section",
                "features.auth-flow.rules[2].parentConditions: prerequisites are not supported",
                "features.auth-flow.rules[3].condition.model.$regex: regular expression `(?<=` at offset 0: look-behind is not in the supported subset",
                "features.auth-flow.rules[1].variations[1]: variant \"tablet\" fills slot \"app-shell\", not \"auth-flow\"",
            ])
        }
    }

    @Test("a mapping naming a feature the payload lacks, or a value without a variant, is refused")
    func mappingProblems() {
        do {
            _ = try Self.load("""
                {"features": {"f": {"defaultValue": "a", "rules": [{"force": "b"}]}},
                 "switchyard": {"features": {"f": {"slot": "auth-flow", "variants": {"a": "signup-before-profile"}}, "g": {}}}}
                """)
            Issue.record("an invalid mapping was accepted")
        } catch {
            #expect(error.issues.map(\.description) == [
                "features.f.rules[0].force: value \"b\" has no variant (add \"b\" to switchyard.features.f.variants)",
                "switchyard.features.g: no feature \"g\" in the payload",
            ])
        }
    }
}
