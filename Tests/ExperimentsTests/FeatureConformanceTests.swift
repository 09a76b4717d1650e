import Experiments
import Foundation
import Testing

/// GrowthBook's `feature` conformance cases (spec 0.8.0) read through the payload config source: each case's
/// `features` become a payload whose `"switchyard"` section maps every feature to a slot and every value to a
/// variant, loaded with ``ExperimentConfig/load(from:catalog:source:)`` and assigned with ``Assigner``.
@Suite("GrowthBook feature conformance cases through the payload config source")
struct FeatureConformanceTests {
    /// Cases whose context uses what Switchyard has no equivalent of: `forcedVariations` (a CLI host forces per
    /// slot with `--variant`), `savedGroups`, `contextualBandits`; and `unknown feature key` (no slot to assign).
    static let unsupportedContextKeys: Set<String> = ["forcedVariations", "savedGroups", "contextualBandits"]

    /// Cases whose payload Switchyard refuses at validation, with the refused construct: prerequisites and
    /// passthrough variations.
    static let refusedCases: [String: String] = [
        "Prerequisite flag off, block dependent flag": "prerequisites are not supported",
        "Prerequisite flag missing, block dependent flag": "prerequisites are not supported",
        "Prerequisite flag on, evaluate dependent flag": "prerequisites are not supported",
        "Multiple parallel prerequisite flags on, evaluate dependent flag": "prerequisites are not supported",
        "Multiple nested prerequisite flags on, evaluate dependent flag": "prerequisites are not supported",
        "Prerequisite experiment flag in target bucket, evaluate dependent flag": "prerequisites are not supported",
        "Prerequisite experiment flag in target bucket, evaluate skip dependent flag if not bucketed": "prerequisites are not supported",
        "Prerequisite cycle detected, break": "prerequisites are not supported",
        "Multiple references to same prerequisite, do not break": "prerequisites are not supported",
        "Support passthrough variations": "passthrough variations are not supported",
        "Support holdout groups": "passthrough variations are not supported",
    ]

    static var cases: [GrowthBookConformanceTests.Case] {
        GrowthBookConformanceTests.section("feature").filter { testCase in
            let contextKeys = Set(testCase.json[1].objectValue?.keys ?? [])
            let feature = testCase.json[2].stringValue ?? ""
            return contextKeys.isDisjoint(with: unsupportedContextKeys) && testCase.json[1]["features"][feature] != .null
        }
    }

    @Test("all but the documented feature cases are run")
    func caseCount() {
        // 55 cases: 1 unknown feature key, 1 forcedVariations, 1 savedGroups force rule, 1 savedGroups experiment,
        // 4 contextual bandit contexts are left out.
        #expect(GrowthBookConformanceTests.section("feature").count == 55)
        #expect(Self.cases.count == 47)
    }

    static func variantID(_ value: JSONValue) -> String {
        "value:" + value.jsonText
    }

    /// The payload of a case with a mapping of every feature and value, and the catalog of those variants.
    static func payload(for context: JSONValue) -> (text: String, catalog: VariantCatalog) {
        var mapping = JSONObject()
        var catalog: [VariantID: SlotID] = [:]
        for (feature, definition) in context["features"].objectValue?.members ?? [] {
            let slot = "slot:" + feature
            var values = [definition["defaultValue"]]
            for rule in definition["rules"].elements {
                values.append(rule["force"])
                values += rule["variations"].elements
            }
            var variants = JSONObject()
            for value in values {
                variants[value.stringValue ?? value.jsonText] = .string(variantID(value))
                catalog[VariantID(variantID(value))] = SlotID(slot)
            }
            mapping[feature] = ["slot": .string(slot), "variants": .object(variants)]
        }
        var document = context.objectValue ?? JSONObject()
        document["attributes"] = nil
        document["switchyard"] = ["features": .object(mapping)]
        return (JSONValue.object(document).jsonText, VariantCatalog(catalog))
    }

    @Test("feature values, sources and experiment results match", arguments: cases)
    func feature(_ testCase: GrowthBookConformanceTests.Case) throws {
        let context = testCase.json[1]
        let feature = try #require(testCase.json[2].stringValue)
        let expected = testCase.json[3]
        let (text, catalog) = Self.payload(for: context)
        let loaded: ValidatedExperimentConfig
        do {
            loaded = try ExperimentConfig.load(from: Data(text.utf8), catalog: catalog, source: "payload.json")
        } catch {
            let refusal = try #require(Self.refusedCases[testCase.name], "refused: \(error)")
            #expect(error.issues.contains { $0.message == refusal }, "\(error)")
            return
        }
        #expect(Self.refusedCases[testCase.name] == nil, "accepted a payload expected to be refused")
        let assignment = Assigner(config: loaded).assign(attributes: context["attributes"].objectValue ?? Attributes())
        let slot = try #require(assignment[SlotID("slot:" + feature)])
        #expect(slot.variant.rawValue == Self.variantID(expected["value"]))
        let source: String
        switch slot.reason {
        case .default: source = "defaultValue"
        case .rule: source = "force"
        case .experiment, .forcedByConfig: source = "experiment"
        case .forced: source = "forced"
        }
        #expect(.string(source) == expected["source"])
        guard case .experiment(let key, let variationIndex, let hashAttribute, let hashValue, let bucket) = slot.reason else { return }
        let result = expected["experimentResult"]
        #expect(.string(key) == expected["experiment"]["key"])
        #expect(Double(variationIndex) == result["variationId"].numberValue)
        #expect(result["inExperiment"] == true && result["hashUsed"] == true)
        #expect(.string(hashAttribute) == result["hashAttribute"])
        #expect(.string(hashValue) == result["hashValue"] || result["hashValue"].numberValue.map(JavaScriptNumberFormat.string) == hashValue)
        #expect(bucket == result["bucket"].numberValue)
        let definition = try #require(loaded.config.experiment(key))
        #expect(.string(definition.variationKey(at: variationIndex)) == result["key"])
    }
}
