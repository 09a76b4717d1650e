import Experiments
import Foundation
import Testing

@Suite("Configuration loading and validation")
struct ConfigValidationTests {
    @Test("the bundled Configuration/onboarding/experiments.json validates clean against the sample app's four variants")
    func bundledConfigurationIsValid() throws {
        let loaded = try ExperimentConfig.load(contentsOf: TestResources.bundledConfiguration, catalog: TestResources.sampleCatalog)
        #expect(loaded.config.slots.map(\.id) == ["app-shell", "auth-flow"])
        #expect(loaded.config.rules.count == 1)
        let experiment = try #require(loaded.config.experiment("onboarding-order"))
        #expect(experiment.slot == "auth-flow")
        #expect(experiment.variations == ["signup-before-profile", "signup-after-profile"])
        #expect(experiment.hashAttribute == "id")
        #expect(experiment.hashVersion == 2)
        #expect(experiment.seed == "onboarding-order")
    }

    @Test("a minimal valid document has no issues")
    func minimalDocumentIsValid() {
        #expect(ConfigFixture.issues(ConfigFixture.document()).isEmpty)
    }

    @Test("omitted experiment fields take GrowthBook's defaults, with hash version 2 and the key as seed")
    func defaults() throws {
        let text = ConfigFixture.document(experiments: [ConfigFixture.experiment()])
        let experiment = try #require(try ExperimentConfig.load(from: Data(text.utf8), catalog: TestResources.sampleCatalog).config.experiments.first)
        #expect(experiment.weights == nil)
        #expect(experiment.coverage == 1)
        #expect(experiment.hashAttribute == "id")
        #expect(experiment.hashVersion == 2)
        #expect(experiment.seed == "k")
        #expect(experiment.status == .active)
        #expect(experiment.force == nil)
    }

    @Test("malformed JSON is reported with its line and column")
    func malformedJSON() {
        let text = "{\n  \"slots\": [\n    {\"id\": \"a\",, \"default\": \"b\"}\n  ]\n}"
        #expect(ConfigFixture.issues(text) == ["line 3, column 16: malformed JSON: expected a string key in object"])
    }

    @Test("a value of the wrong type names its path, the expected type and what was found")
    func wrongType() {
        let issues = ConfigFixture.issues(experimentWith: #""coverage": "full""#)
        #expect(issues == [#"experiments[0].coverage: expected a number, found string "full""#])
    }

    @Test("a missing required field is reported at the field's path")
    func missingField() {
        let issues = ConfigFixture.issues(experiment: #"{"key": "k", "variations": ["signup-before-profile", "signup-after-profile"]}"#)
        #expect(issues == ["experiments[0].slot: missing required field"])
    }

    @Test("a misspelt field is reported as unknown")
    func unknownField() {
        let issues = ConfigFixture.issues(experimentWith: #""weight": [0.5, 0.5]"#)
        #expect(issues.count == 1)
        #expect(issues.first?.hasPrefix("experiments[0].weight: unknown field (expected one of: key, slot,") == true)
    }

    @Test("an unregistered variant is reported with the registered ones")
    func unknownVariant() {
        let issues = ConfigFixture.issues(experiment: #"{"key": "k", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-sideways"]}"#)
        #expect(issues == [#"experiments[0].variations[1]: unknown variant "signup-sideways" (registered: phone, signup-after-profile, signup-before-profile, tablet)"#])
    }

    @Test("a variation that fills another slot is rejected")
    func variationInWrongSlot() {
        let issues = ConfigFixture.issues(experiment: #"{"key": "k", "slot": "auth-flow", "variations": ["signup-before-profile", "tablet"]}"#)
        #expect(issues == [#"experiments[0].variations[1]: variant "tablet" fills slot "app-shell", not "auth-flow""#])
    }

    @Test("a variant listed twice in one experiment is rejected")
    func duplicateVariation() {
        let issues = ConfigFixture.issues(experiment: #"{"key": "k", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-before-profile"]}"#)
        #expect(issues == [#"experiments[0].variations[1]: variant "signup-before-profile" is already variation 0"#])
    }

    @Test("an experiment needs at least two variations")
    func tooFewVariations() {
        let issues = ConfigFixture.issues(experiment: #"{"key": "k", "slot": "auth-flow", "variations": ["signup-before-profile"]}"#)
        #expect(issues == ["experiments[0].variations: 1 variation; an experiment needs at least 2"])
    }

    @Test("duplicate experiment keys are rejected, naming the first occurrence")
    func duplicateExperimentKeys() {
        let issues = ConfigFixture.issues(ConfigFixture.document(experiments: [ConfigFixture.experiment, ConfigFixture.experiment]))
        #expect(issues == [#"experiments[1].key: duplicate experiment key "onboarding-order" (also at experiments[0])"#])
    }

    @Test("duplicate slot ids are rejected, naming the first occurrence")
    func duplicateSlots() {
        let slots = #"[{"id": "app-shell", "default": "phone"}, {"id": "auth-flow", "default": "signup-before-profile"}, {"id": "auth-flow", "default": "signup-after-profile"}]"#
        #expect(ConfigFixture.issues(ConfigFixture.document(slots: slots)) == [#"slots[2].id: duplicate slot "auth-flow" (also at slots[1])"#])
    }

    @Test("weights must sum to 1 within 1e-6, stricter than GrowthBook's runtime fallback")
    func weightsSum() {
        let issues = ConfigFixture.issues(experimentWith: #""weights": [0.5, 0.495]"#)
        #expect(issues == ["experiments[0].weights: weights sum to 0.995, expected 1"])
        let nearlyOne = ConfigFixture.issues(experimentWith: #""weights": [0.3333333, 0.6666667]"#)
        #expect(nearlyOne.isEmpty)
    }

    @Test("there must be one weight per variation")
    func weightsCount() {
        let issues = ConfigFixture.issues(experimentWith: #""weights": [0.25, 0.25, 0.5]"#)
        #expect(issues == ["experiments[0].weights: 3 weights for 2 variations"])
    }

    @Test("negative weights are rejected")
    func negativeWeight() {
        let issues = ConfigFixture.issues(experimentWith: #""weights": [1.2, -0.2]"#)
        #expect(issues == ["experiments[0].weights[1]: weight -0.2 is negative"])
    }

    @Test("coverage outside 0...1 is rejected")
    func coverageRange() {
        let issues = ConfigFixture.issues(experimentWith: #""coverage": 1.5"#)
        #expect(issues == ["experiments[0].coverage: coverage 1.5 is outside 0...1"])
    }

    @Test("only hash versions 1 and 2 exist")
    func hashVersion() {
        let issues = ConfigFixture.issues(experimentWith: #""hashVersion": 3"#)
        #expect(issues == ["experiments[0].hashVersion: hashVersion 3 is not supported (expected 1 or 2)"])
    }

    @Test("a forced variation index must exist")
    func forceRange() {
        let issues = ConfigFixture.issues(experimentWith: #""force": 2"#)
        #expect(issues == ["experiments[0].force: force 2 is out of range for 2 variations (expected 0...1)"])
    }

    @Test("a namespace range must satisfy 0 <= start < end <= 1")
    func namespaceRange() {
        let issues = ConfigFixture.issues(experimentWith: #""namespace": ["onboarding", 0.6, 0.4]"#)
        #expect(issues == ["experiments[0].namespace: range [0.6, 0.4) is invalid (expected 0 <= start < end <= 1)"])
        let malformed = ConfigFixture.issues(experimentWith: #""namespace": ["onboarding", 0.6]"#)
        #expect(malformed == ["experiments[0].namespace: expected [id, start, end] (a string and two numbers), found an array"])
    }

    @Test("an experiment or rule for an undeclared slot is rejected")
    func unknownSlot() {
        let issues = ConfigFixture.issues(experiment: #"{"key": "k", "slot": "checkout", "variations": ["signup-before-profile", "signup-after-profile"]}"#)
        #expect(issues == [#"experiments[0].slot: unknown slot "checkout" (declared: app-shell, auth-flow)"#])
        let rule = ConfigFixture.issues(ConfigFixture.document(rules: #"[{"slot": "shell", "condition": {}, "variant": "tablet"}]"#))
        #expect(rule == [#"rules[0].slot: unknown slot "shell" (declared: app-shell, auth-flow)"#])
    }

    @Test("a slot's default variant must be registered and fill that slot")
    func defaultVariantSlot() {
        let wrongSlot = #"[{"id": "app-shell", "default": "signup-before-profile"}, {"id": "auth-flow", "default": "signup-before-profile"}]"#
        #expect(ConfigFixture.issues(ConfigFixture.document(slots: wrongSlot)) == [#"slots[0].default: variant "signup-before-profile" fills slot "auth-flow", not "app-shell""#])
        let unknown = #"[{"id": "app-shell", "default": "watch"}, {"id": "auth-flow", "default": "signup-before-profile"}]"#
        #expect(ConfigFixture.issues(ConfigFixture.document(slots: unknown)) == [#"slots[0].default: unknown variant "watch" (registered: phone, signup-after-profile, signup-before-profile, tablet)"#])
    }

    @Test("a rule's variant must fill the rule's slot")
    func ruleVariantSlot() {
        let issues = ConfigFixture.issues(ConfigFixture.document(rules: #"[{"slot": "app-shell", "condition": {"deviceClass": "tablet"}, "variant": "signup-after-profile"}]"#))
        #expect(issues == [#"rules[0].variant: variant "signup-after-profile" fills slot "auth-flow", not "app-shell""#])
    }

    @Test("the report sections, funnel and analysis, are left to the report side: any content loads")
    func reportSectionsAreNotRead() {
        let issues = ConfigFixture.issues(experiment: """
        {"key": "k", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"],
         "funnel": {"steps": [], "goal": {"type": "screen_show"}}, "analysis": "bayesian"}
        """)
        #expect(issues.isEmpty)
    }

    @Test("a condition with an unknown operator is rejected at the operator's path")
    func unknownOperator() {
        let issues = ConfigFixture.issues(experimentWith: """
         "condition": {"country": {"$inn": ["US"]}, "$or": [{"age": {"$gt": 18}}, {"age": {"$gtt": 65}}]}
        """)
        #expect(issues == [
            #"experiments[0].condition.country.$inn: unknown operator "$inn""#,
            #"experiments[0].condition.$or[1].age.$gtt: unknown operator "$gtt""#,
        ])
        let rule = ConfigFixture.issues(ConfigFixture.document(rules: #"[{"slot": "app-shell", "condition": {"$nott": {"deviceClass": "phone"}}, "variant": "tablet"}]"#))
        #expect(rule == [#"rules[0].condition.$nott: unknown operator "$nott""#])
    }

    @Test("a condition that is not an object is rejected")
    func conditionNotObject() {
        let issues = ConfigFixture.issues(experimentWith: #""condition": "tablet""#)
        #expect(issues == [#"experiments[0].condition: expected a condition object, found string "tablet""#])
    }

    @Test("an unknown status is rejected")
    func unknownStatus() {
        let issues = ConfigFixture.issues(experimentWith: #""status": "running""#)
        #expect(issues == [#"experiments[0].status: unknown status "running" (expected "active" or "paused")"#])
    }

    @Test("every problem in the file is reported at once, structural and semantic alike")
    func allProblemsAtOnce() {
        let text = ConfigFixture.document(
            slots: #"[{"id": "app-shell", "default": "phone"}, {"id": "auth-flow"}]"#,
            rules: #"[{"slot": "app-shell", "condition": {"deviceClass": "tablet"}, "variant": "tablet"}, {"slot": "app-shell", "variant": "phone"}]"#,
            experiments: [
                #"{"key": "a", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-sideways"], "coverage": 2}"#,
                #"{"key": "b", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"], "weights": [0.5, 0.25, 0.25]}"#,
                #"{"key": "c", "slot": "auth-flow", "variations": "signup-after-profile"}"#,
                #"{"key": "a", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"], "hashVersion": 7}"#,
                #"{"key": "d", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-later"], "weights": "even"}"#,
            ]
        )
        #expect(ConfigFixture.issues(text) == [
            "slots[1].default: missing required field",
            "rules[1].condition: missing required field",
            #"experiments[2].variations: expected an array, found string "signup-after-profile""#,
            #"experiments[4].weights: expected an array, found string "even""#,
            #"experiments[0].slot: unknown slot "auth-flow" (declared: app-shell)"#,
            #"experiments[0].variations[1]: unknown variant "signup-sideways" (registered: phone, signup-after-profile, signup-before-profile, tablet)"#,
            "experiments[0].coverage: coverage 2 is outside 0...1",
            #"experiments[1].slot: unknown slot "auth-flow" (declared: app-shell)"#,
            "experiments[1].weights: 3 weights for 2 variations",
            #"experiments[3].key: duplicate experiment key "a" (also at experiments[0])"#,
            #"experiments[3].slot: unknown slot "auth-flow" (declared: app-shell)"#,
            "experiments[3].hashVersion: hashVersion 7 is not supported (expected 1 or 2)",
            #"experiments[4].slot: unknown slot "auth-flow" (declared: app-shell)"#,
            #"experiments[4].variations[1]: unknown variant "signup-later" (registered: phone, signup-after-profile, signup-before-profile, tablet)"#,
        ])
    }

    @Test("a ConfigError prints one issue per line, each prefixed by the file name")
    func errorDescription() {
        let error = ConfigError(file: "Configuration/experiments.json", issues: [
            ConfigIssue(path: JSONPath.root.appending("experiments").appending(1).appending("weights"), message: "3 weights for 2 variations"),
            ConfigIssue(path: JSONPath.root.appending("slots").appending(0).appending("default"), message: "missing required field"),
        ])
        #expect(error.description == """
        Configuration/experiments.json: experiments[1].weights: 3 weights for 2 variations
        Configuration/experiments.json: slots[0].default: missing required field
        """)
    }

    @Test("loading a file names the file in every issue")
    func loadingFromFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("experiments-\(UUID().uuidString).json")
        try Data(ConfigFixture.document(experiments: [ConfigFixture.experiment(with: #""coverage": -1"#)]).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ConfigError.self) {
            try ExperimentConfig.load(contentsOf: url, catalog: TestResources.sampleCatalog)
        }
        do {
            _ = try ExperimentConfig.load(contentsOf: url, catalog: TestResources.sampleCatalog)
        } catch {
            #expect(error.description == "\(url.path): experiments[0].coverage: coverage -1 is outside 0...1")
        }
    }

    @Test("a configuration built in code is validated with positional paths")
    func validatingBuiltConfiguration() {
        let config = ExperimentConfig(
            slots: [ConfigSlot(id: "auth-flow", defaultVariant: "signup-before-profile")],
            experiments: [ExperimentDefinition(key: "k", slot: "auth-flow", variations: ["signup-before-profile", "signup-after-profile"], weights: [0.7, 0.7])]
        )
        #expect(config.validate(against: TestResources.sampleCatalog).map(\.description) == ["experiments[0].weights: weights sum to 1.4, expected 1"])
        #expect(throws: ConfigError.self) { try config.validated(against: TestResources.sampleCatalog) }
    }
}
