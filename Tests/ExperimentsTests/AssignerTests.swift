import Experiments
import Foundation
import Testing

@Suite("Assigning sessions")
struct AssignerTests {
    static let slots = [
        ConfigSlot(id: "app-shell", defaultVariant: "phone"),
        ConfigSlot(id: "auth-flow", defaultVariant: "signup-before-profile"),
    ]
    static let tabletRule = AssignmentRule(slot: "app-shell", condition: Condition(["deviceClass": "tablet"]), variant: "tablet")

    static func onboarding(
        key: String = "onboarding-order", coverage: Double = 1, namespace: Namespace? = nil, condition: Condition? = nil,
        force: Int? = nil, status: ExperimentStatus = .active, hashAttribute: String = "id"
    ) -> ExperimentDefinition {
        ExperimentDefinition(
            key: key, slot: "auth-flow", variations: ["signup-before-profile", "signup-after-profile"],
            weights: [0.5, 0.5], coverage: coverage, hashAttribute: hashAttribute, namespace: namespace,
            condition: condition, force: force, status: status
        )
    }

    static func assigner(rules: [AssignmentRule] = [tabletRule], experiments: [ExperimentDefinition]) throws -> Assigner {
        let config = try ExperimentConfig(slots: slots, rules: rules, experiments: experiments).validated(against: TestResources.sampleCatalog)
        return Assigner(config: config)
    }

    static func user(_ id: Int, deviceClass: String = "phone") -> Attributes {
        ["id": .string("user-\(id)"), "deviceClass": .string(deviceClass)]
    }

    @Test("an included user gets the hashed variation with the hash details, and it is an exposure")
    func experimentAssignment() throws {
        let assignment = try Self.assigner(experiments: [Self.onboarding()]).assign(attributes: Self.user(1))
        let slot = try #require(assignment["auth-flow"])
        let bucket = try #require(GrowthBookHash.hash(seed: "onboarding-order", value: "user-1", version: 2))
        let expectedIndex = bucket < 0.5 ? 0 : 1
        #expect(slot.reason == .experiment(key: "onboarding-order", variationIndex: expectedIndex, hashAttribute: "id", hashValue: "user-1", bucket: bucket))
        #expect(slot.variant == ["signup-before-profile", "signup-after-profile"][expectedIndex])
        #expect(assignment.exposures.map(\.key) == ["onboarding-order"])
        #expect(assignment.experiment("onboarding-order")?.bucket == bucket)
    }

    @Test("a matching rule decides its slot before any experiment, which then records no exposure")
    func rulePrecedence() throws {
        let shellExperiment = ExperimentDefinition(key: "shell-test", slot: "app-shell", variations: ["phone", "tablet"])
        let assigner = try Self.assigner(experiments: [shellExperiment, Self.onboarding()])
        let tablet = assigner.assign(attributes: Self.user(7, deviceClass: "tablet"))
        #expect(tablet["app-shell"] == SlotAssignment(slot: "app-shell", variant: "tablet", reason: .rule(index: 0)))
        #expect(tablet.experiment("shell-test")?.exclusionReason == .slotDecidedByRule)
        #expect(!tablet.exposures.contains { $0.key == "shell-test" })
        let phone = assigner.assign(attributes: Self.user(7, deviceClass: "phone"))
        #expect(phone.experiment("shell-test")?.inExperiment == true)
    }

    @Test("the first matching rule for a slot wins")
    func firstRuleWins() throws {
        let rules = [
            AssignmentRule(slot: "app-shell", condition: Condition(["deviceClass": "tablet"]), variant: "tablet"),
            AssignmentRule(slot: "app-shell", condition: .always, variant: "phone"),
        ]
        let assigner = try Self.assigner(rules: rules, experiments: [])
        #expect(assigner.assign(attributes: Self.user(1, deviceClass: "tablet"))["app-shell"]?.reason == .rule(index: 0))
        #expect(assigner.assign(attributes: Self.user(1, deviceClass: "desktop"))["app-shell"]?.reason == .rule(index: 1))
    }

    @Test("a caller-forced variant beats rules and experiments, and suppresses the exposure")
    func forcedVariant() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding()])
        let assignment = assigner.assign(
            attributes: Self.user(3, deviceClass: "tablet"),
            forcedVariants: ["app-shell": "phone", "auth-flow": "signup-after-profile", "unknown-slot": "x"]
        )
        #expect(assignment["app-shell"] == SlotAssignment(slot: "app-shell", variant: "phone", reason: .forced))
        #expect(assignment["auth-flow"] == SlotAssignment(slot: "auth-flow", variant: "signup-after-profile", reason: .forced))
        #expect(assignment.experiment("onboarding-order")?.exclusionReason == .slotForced)
        #expect(assignment.exposures.isEmpty)
        #expect(assignment.slots.count == 2)
    }

    @Test("a paused experiment includes nobody and users get the slot default")
    func pausedExperiment() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding(status: .paused)])
        for id in 0..<200 {
            let assignment = assigner.assign(attributes: Self.user(id))
            #expect(assignment["auth-flow"] == SlotAssignment(slot: "auth-flow", variant: "signup-before-profile", reason: .default))
            #expect(assignment.experiment("onboarding-order")?.exclusionReason == .inactive)
            #expect(assignment.exposures.isEmpty)
        }
    }

    @Test("users outside coverage get the slot default and no exposure, with the bucket still reported")
    func outsideCoverage() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding(coverage: 0.2)])
        var excluded = 0
        for id in 0..<500 {
            let assignment = assigner.assign(attributes: Self.user(id))
            guard let record = assignment.experiment("onboarding-order"), !record.inExperiment else { continue }
            excluded += 1
            #expect(record.exclusionReason == .notInCoverage)
            #expect(record.bucket != nil)
            #expect(assignment["auth-flow"]?.reason == .default)
            #expect(assignment["auth-flow"]?.variant == "signup-before-profile")
            #expect(assignment.exposures.isEmpty)
        }
        #expect(excluded > 300 && excluded < 500)
    }

    @Test("raising coverage never moves an included user", arguments: [(0.1, 0.5), (0.25, 0.3), (0.5, 1.0), (0.0, 0.9)])
    func coverageMonotonicity(lower: Double, higher: Double) throws {
        let narrow = try Self.assigner(experiments: [Self.onboarding(coverage: lower)])
        let wide = try Self.assigner(experiments: [Self.onboarding(coverage: higher)])
        for id in 0..<2_000 {
            let before = narrow.assign(attributes: Self.user(id)).experiment("onboarding-order")
            let after = wide.assign(attributes: Self.user(id)).experiment("onboarding-order")
            if before?.inExperiment == true {
                #expect(after?.variationIndex == before?.variationIndex, "user-\(id)")
            }
        }
    }

    @Test("assignment is deterministic across calls and assigner instances")
    func deterministic() throws {
        let first = try Self.assigner(experiments: [Self.onboarding()])
        let second = try Self.assigner(experiments: [Self.onboarding()])
        for id in 0..<300 {
            let attributes = Self.user(id)
            #expect(first.assign(attributes: attributes) == first.assign(attributes: attributes))
            #expect(first.assign(attributes: attributes) == second.assign(attributes: attributes))
        }
    }

    @Test("a user without the hash attribute is not in the experiment")
    func missingHashAttribute() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding()])
        for attributes: Attributes in [["deviceClass": "phone"], ["id": ""], ["id": nil], ["id": 0], ["id": true], ["id": ["a"]]] {
            let assignment = assigner.assign(attributes: attributes)
            #expect(assignment.experiment("onboarding-order")?.exclusionReason == .missingHashAttribute)
            #expect(assignment.experiment("onboarding-order")?.hashAttributeValue == nil)
            #expect(assignment["auth-flow"]?.reason == .default)
        }
    }

    @Test("a numeric hash attribute hashes as JavaScript prints it")
    func numericHashAttribute() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding()])
        let numeric = assigner.assign(attributes: ["id": 123]).experiment("onboarding-order")
        let text = assigner.assign(attributes: ["id": "123"]).experiment("onboarding-order")
        #expect(numeric?.bucket == text?.bucket)
        #expect(numeric?.hashAttributeValue == "123")
    }

    @Test("a custom hash attribute is used instead of id")
    func customHashAttribute() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding(hashAttribute: "companyId")])
        let byCompany = assigner.assign(attributes: ["id": "u1", "companyId": "c9"]).experiment("onboarding-order")
        #expect(byCompany?.hashAttribute == "companyId")
        #expect(byCompany?.hashAttributeValue == "c9")
        #expect(byCompany?.bucket == GrowthBookHash.hash(seed: "onboarding-order", value: "c9", version: 2))
        #expect(assigner.assign(attributes: ["id": "u1"]).experiment("onboarding-order")?.exclusionReason == .missingHashAttribute)
    }

    @Test("a condition that does not hold excludes the user")
    func conditionNotMet() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding(condition: Condition(["country": ["$in": ["US", "CA"]]]))])
        #expect(assigner.assign(attributes: ["id": "u1", "country": "FR"]).experiment("onboarding-order")?.exclusionReason == .conditionNotMet)
        #expect(assigner.assign(attributes: ["id": "u1", "country": "CA"]).experiment("onboarding-order")?.inExperiment == true)
    }

    @Test("the first active experiment that includes the user decides the slot; later ones record why they did not")
    func firstExperimentWins() throws {
        let first = Self.onboarding(key: "first", namespace: Namespace(id: "auth", start: 0, end: 0.5))
        let second = Self.onboarding(key: "second", namespace: Namespace(id: "auth", start: 0.5, end: 1))
        let third = Self.onboarding(key: "third")
        let assigner = try Self.assigner(experiments: [first, second, third])
        var decidedByFirst = 0
        var decidedBySecond = 0
        for id in 0..<400 {
            let assignment = assigner.assign(attributes: Self.user(id))
            #expect(assignment.exposures.count == 1)
            #expect(assignment.experiment("third")?.exclusionReason == .slotTakenByEarlierExperiment)
            if assignment.experiment("first")?.inExperiment == true {
                decidedByFirst += 1
                #expect(assignment.experiment("second")?.exclusionReason == .slotTakenByEarlierExperiment)
            } else {
                decidedBySecond += 1
                #expect(assignment.experiment("first")?.exclusionReason == .notInNamespace)
                #expect(assignment.experiment("second")?.inExperiment == true)
            }
        }
        #expect(decidedByFirst > 100 && decidedBySecond > 100)
    }

    @Test("an experiment's force applies only to included users and is not an exposure")
    func forcedByConfig() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding(coverage: 0.5, force: 1)])
        var forced = 0
        for id in 0..<300 {
            let assignment = assigner.assign(attributes: Self.user(id))
            let record = try #require(assignment.experiment("onboarding-order"))
            if record.inExperiment {
                forced += 1
                #expect(assignment["auth-flow"] == SlotAssignment(slot: "auth-flow", variant: "signup-after-profile", reason: .forcedByConfig(key: "onboarding-order", variationIndex: 1)))
                #expect(!record.isExposure)
            } else {
                #expect(record.exclusionReason == .notInCoverage)
                #expect(assignment["auth-flow"]?.reason == .default)
            }
        }
        #expect(forced > 0 && forced < 300)
        #expect(assigner.assign(attributes: Self.user(1)).exposures.isEmpty)
    }

    @Test("equal weights split users roughly evenly")
    func evenSplit() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding()])
        let afterProfile = (0..<10_000).filter { assigner.assign(attributes: Self.user($0))["auth-flow"]?.variant == "signup-after-profile" }.count
        #expect(afterProfile > 4_700 && afterProfile < 5_300)
    }

    @Test("the bundled configuration sends tablets to the tablet shell and runs onboarding-order for everyone")
    func bundledConfiguration() throws {
        let config = try ExperimentConfig.load(contentsOf: TestResources.bundledConfiguration, catalog: TestResources.sampleCatalog)
        let assigner = Assigner(config: config)
        let tablet = assigner.assign(attributes: ["id": "alice", "deviceClass": "tablet"])
        #expect(tablet.variant(for: "app-shell") == "tablet")
        #expect(tablet.experiment("onboarding-order")?.inExperiment == true)
        let phone = assigner.assign(attributes: ["id": "alice", "deviceClass": "phone"])
        #expect(phone.variant(for: "app-shell") == "phone")
        #expect(phone["app-shell"]?.reason == .default)
        #expect(phone.variant(for: "auth-flow") == tablet.variant(for: "auth-flow"))
    }

    @Test("assignment results encode to the documented JSON shape")
    func jsonShape() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding()])
        let assignment = assigner.assign(attributes: ["id": "user-1", "deviceClass": "tablet"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(assignment), as: UTF8.self)
        let bucket = try #require(GrowthBookHash.hash(seed: "onboarding-order", value: "user-1", version: 2))
        let index = bucket < 0.5 ? 0 : 1
        let variant = ["signup-before-profile", "signup-after-profile"][index]
        let bucketText = String(decoding: try encoder.encode(bucket), as: UTF8.self)
        #expect(json == """
        {"experiments":[{"bucket":\(bucketText),"forcedByConfig":false,"hashAttribute":"id","hashValue":"user-1","inExperiment":true,"key":"onboarding-order","slot":"auth-flow","variant":"\(variant)","variationIndex":\(index)}],\
        "slots":[{"reason":{"kind":"rule","ruleIndex":0},"slot":"app-shell","variant":"tablet"},\
        {"reason":{"bucket":\(bucketText),"experiment":"onboarding-order","hashAttribute":"id","hashValue":"user-1","kind":"experiment","variationIndex":\(index)},"slot":"auth-flow","variant":"\(variant)"}]}
        """)
        #expect(try JSONDecoder().decode(SessionAssignment.self, from: Data(json.utf8)) == assignment)
    }

    @Test("an excluded experiment encodes its reason and omits the variation")
    func excludedJSONShape() throws {
        let assigner = try Self.assigner(experiments: [Self.onboarding(status: .paused)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let record = try #require(assigner.assign(attributes: ["id": "u"]).experiment("onboarding-order"))
        let json = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(json == #"{"exclusionReason":"inactive","forcedByConfig":false,"hashAttribute":"id","inExperiment":false,"key":"onboarding-order","slot":"auth-flow"}"#)
    }
}
