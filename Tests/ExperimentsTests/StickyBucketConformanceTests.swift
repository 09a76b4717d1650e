import Experiments
import Testing

/// GrowthBook's `stickyBucket` conformance cases (spec 0.8.0), see `Resources/README.md`.
@Suite("GrowthBook sticky bucket conformance cases")
struct StickyBucketConformanceTests {
    static var cases: [GrowthBookConformanceTests.Case] {
        GrowthBookConformanceTests.section("stickyBucket")
    }

    @Test("all 13 sticky bucket cases are present")
    func caseCount() {
        #expect(Self.cases.count == 13)
    }

    /// Maps the case's one experiment rule onto an ``ExperimentDefinition`` (variation `i` becomes variant `v<i>`,
    /// `meta[i].key` its sticky variation key), assigns through ``Assigner`` with an in-memory store holding the
    /// case's documents, and compares the experiment result and the stored documents with GrowthBook's.
    @Test("sticky bucket results and stored documents match", arguments: cases)
    func stickyBucket(_ testCase: GrowthBookConformanceTests.Case) throws {
        let context = testCase.json[1]
        let featureKey = try #require(testCase.json[3].stringValue)
        let rule = context["features"][featureKey]["rules"][0]
        let values = rule["variations"].elements
        let slot: SlotID = "slot"
        let variants = values.indices.map { VariantID("v\($0)") }
        let definition = ExperimentDefinition(
            key: rule["key"].stringValue ?? featureKey,
            slot: slot,
            variations: variants,
            weights: rule["weights"].arrayValue?.compactMap(\.numberValue),
            coverage: rule["coverage"].numberValue ?? 1,
            hashAttribute: rule["hashAttribute"].stringValue ?? "id",
            hashVersion: rule["hashVersion"].numberValue.map { Int($0) } ?? 1,
            seed: rule["seed"].stringValue,
            condition: rule["condition"].objectValue.map { Condition(.object($0)) },
            fallbackAttribute: rule["fallbackAttribute"].stringValue,
            bucketVersion: rule["bucketVersion"].numberValue.map { Int($0) } ?? 0,
            minBucketVersion: rule["minBucketVersion"].numberValue.map { Int($0) } ?? 0,
            disableStickyBucketing: rule["disableStickyBucketing"].boolValue ?? false,
            variationKeys: rule["meta"].arrayValue.map { $0.map { $0["key"].stringValue ?? "" } }
        )
        var documents = try testCase.json[2].elements.map { try StickyBucketDocument.decode($0) }
        for (_, document) in context["stickyBucketAssignmentDocs"].objectValue?.members ?? [] {
            documents.append(try StickyBucketDocument.decode(document))
        }
        let store = InMemoryStickyBucketStore(documents: documents)
        let catalog = VariantCatalog(Dictionary(uniqueKeysWithValues: variants.map { ($0, slot) }))
        let config = try ExperimentConfig(slots: [ConfigSlot(id: slot, defaultVariant: variants[0])], experiments: [definition])
            .validated(against: catalog)
        let attributes = context["attributes"].objectValue ?? Attributes()

        let evaluation = try #require(Assigner(config: config).assign(attributes: attributes, stickyBuckets: store).experiments.first)

        let expected = testCase.json[4]
        if expected.isNull {
            #expect(!evaluation.inExperiment)
        } else {
            let index = try #require(evaluation.variationIndex)
            #expect(values[index] == expected["value"])
            #expect(Double(index) == expected["variationId"].numberValue)
            #expect(evaluation.inExperiment == expected["inExperiment"].boolValue)
            #expect(evaluation.isExposure == expected["hashUsed"].boolValue)
            #expect(.string(evaluation.hashAttribute) == expected["hashAttribute"])
            #expect(evaluation.hashAttributeValue.map(JSONValue.string) == expected["hashValue"])
            #expect(evaluation.bucket == expected["bucket"].numberValue)
            #expect(.string(definition.variationKey(at: index)) == expected["key"])
            #expect(evaluation.stickyBucketUsed == expected["stickyBucketUsed"].boolValue)
        }
        let stored = store.allDocuments
        for (key, document) in testCase.json[5].objectValue?.members ?? [] {
            #expect(stored[key] == (try StickyBucketDocument.decode(document)), "document \(key)")
        }
    }
}
