import Experiments
import Testing

/// Agreement with vectors generated from the GrowthBook Python SDK by `Reference/generate_vectors.py`.
@Suite("Python SDK reference vectors")
struct PythonReferenceVectorTests {
    static let vectors = TestResources.json("python-reference-vectors.json")

    @Test("the vector file is present and generated from growthbook 4.x")
    func vectorsLoad() {
        #expect(Self.vectors["growthbookPythonSDK"].stringValue?.hasPrefix("4.") == true)
        #expect(Self.vectors["hash"].elements.count >= 1000)
        #expect(Self.vectors["conditions"].elements.count >= 1000)
    }

    @Test("hashes agree exactly for ASCII, BMP, astral, empty and long ids")
    func hashes() {
        var mismatches: [String] = []
        for vector in Self.vectors["hash"].elements {
            let seed = vector[0].stringValue ?? ""
            let value = vector[1].stringValue ?? ""
            let version = Int(vector[2].numberValue ?? 0)
            let result = GrowthBookHash.hash(seed: seed, value: value, version: version)
            if result != vector[3].numberValue {
                mismatches.append("seed \(seed.debugDescription) value \(value.prefix(40).debugDescription) v\(version): \(String(describing: result)) vs \(vector[3])")
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) mismatches, first: \(mismatches.prefix(3))")
    }

    @Test("hashing a string through its UTF-16 view gives the same result as the UTF-8 fast path")
    func utf16ViewAgrees() {
        for vector in Self.vectors["hash"].elements.prefix(500) {
            let value = vector[1].stringValue ?? ""
            var viaView = FNV1a()
            for unit in value.utf16 { viaView.combine(codeUnit: unit) }
            #expect(viaView.value == FNV1a.hash(value))
        }
    }

    @Test("numeric hash attributes are stringified as JavaScript does")
    func numberFormatting() {
        for vector in Self.vectors["hashString"].elements {
            let number = vector[0].numberValue ?? .nan
            #expect(HashAttributeValue.string(for: .number(number)) == vector[1].stringValue, "\(number)")
        }
    }

    @Test("bucket ranges agree exactly")
    func bucketRanges() {
        for vector in Self.vectors["bucketRanges"].elements {
            let ranges = Bucketing.ranges(
                variationCount: Int(vector[0].numberValue ?? 0),
                coverage: vector[1].numberValue ?? .nan,
                weights: vector[2].arrayValue?.compactMap(\.numberValue)
            )
            #expect(ranges == vector[3].bucketRanges, "\(vector)")
        }
    }

    @Test("chooseVariation agrees")
    func chooseVariation() {
        for vector in Self.vectors["chooseVariation"].elements {
            let index = Bucketing.chooseVariation(bucket: vector[0].numberValue ?? .nan, ranges: vector[1].bucketRanges)
            #expect((index ?? -1) == Int(vector[2].numberValue ?? -2), "\(vector)")
        }
    }

    @Test("namespace membership agrees")
    func namespaces() {
        for vector in Self.vectors["inNamespace"].elements {
            let slice = Namespace(id: vector[1][0].stringValue ?? "", start: vector[1][1].numberValue ?? 0, end: vector[1][2].numberValue ?? 0)
            #expect(slice.contains(hashValue: vector[0].stringValue ?? "") == vector[2].boolValue, "\(vector)")
        }
    }

    @Test("equal weights agree exactly")
    func equalWeights() {
        for vector in Self.vectors["equalWeights"].elements {
            let expected = vector[1].elements.compactMap(\.numberValue)
            #expect(Bucketing.equalWeights(count: Int(vector[0].numberValue ?? 0)) == expected)
        }
    }

    @Test("padded version strings agree")
    func paddedVersions() {
        for vector in Self.vectors["paddedVersion"].elements {
            #expect(PaddedVersion.string(for: vector[0]) == vector[1].stringValue, "\(vector[0])")
        }
    }

    @Test("condition results agree for every generated condition and attribute document")
    func conditions() {
        let documents = Self.vectors["attributeDocs"].elements
        var mismatches: [String] = []
        var evaluated = 0
        for testCase in Self.vectors["conditions"].elements {
            let condition = Condition(testCase["condition"])
            var savedGroups: [String: [JSONValue]] = [:]
            for (group, members) in testCase["savedGroups"].objectValue?.members ?? [] {
                savedGroups[group] = members.elements
            }
            for result in testCase["results"].elements {
                let document = documents[Int(result[0].numberValue ?? 0)]
                evaluated += 1
                if condition.isSatisfied(byValue: document, savedGroups: savedGroups) != result[1].boolValue {
                    mismatches.append("\(testCase["condition"]) on \(document) expected \(result[1])")
                }
            }
        }
        #expect(evaluated >= 10_000)
        #expect(mismatches.count == 0, "\(mismatches.count) of \(evaluated) differ, e.g.:\n\(mismatches.prefix(5).joined(separator: "\n"))")
    }
}

/// End-to-end agreement of ``ExperimentEvaluator`` with the Python SDK's `GrowthBook.run` on random experiments
/// (weights, coverage, seeds, hash versions, namespaces, filters, conditions, `force`, inactive) and users (string,
/// numeric, empty, missing and unhashable ids, custom hash attributes).
@Suite("Python SDK run vectors")
struct PythonRunVectorTests {
    @Test("every generated run case agrees on inclusion, variation, exposure and bucket")
    func runCases() {
        let cases = PythonReferenceVectorTests.vectors["run"].elements
        #expect(cases.count >= 1000)
        var mismatches: [String] = []
        for testCase in cases {
            let experiment = testCase["experiment"]
            let variationCount = experiment["variations"].elements.count
            let definition = ExperimentDefinition(
                key: experiment["key"].stringValue ?? "",
                slot: "slot",
                variations: (0..<variationCount).map { VariantID("v\($0)") },
                weights: experiment["weights"].arrayValue?.compactMap(\.numberValue),
                coverage: experiment["coverage"].numberValue ?? 1,
                hashAttribute: experiment["hashAttribute"].stringValue ?? "id",
                hashVersion: experiment["hashVersion"].numberValue.map { Int($0) } ?? 1,
                seed: experiment["seed"].stringValue,
                namespace: experiment["namespace"].arrayValue.map { parts in
                    Namespace(id: parts[0].stringValue ?? "", start: parts[1].numberValue ?? 0, end: parts[2].numberValue ?? 0)
                },
                filters: experiment["filters"].elements.map { filter in
                    HashFilter(
                        attribute: filter["attribute"].stringValue ?? "id",
                        seed: filter["seed"].stringValue ?? "",
                        hashVersion: filter["hashVersion"].numberValue.map { Int($0) } ?? 2,
                        ranges: filter["ranges"].bucketRanges
                    )
                },
                condition: experiment["condition"].objectValue.map { Condition(.object($0)) },
                force: experiment["force"].numberValue.map { Int($0) },
                status: experiment["active"] == false ? .paused : .active
            )
            let evaluation = ExperimentEvaluator(definition).evaluate(testCase["attributes"].objectValue ?? Attributes())
            let agrees = evaluation.inExperiment == testCase["inExperiment"].boolValue
                && (evaluation.variationIndex ?? 0) == Int(testCase["variationId"].numberValue ?? -1)
                && evaluation.isExposure == testCase["hashUsed"].boolValue
                && (!evaluation.isExposure || evaluation.bucket == testCase["bucket"].numberValue)
            if !agrees {
                mismatches.append("\(testCase) → \(evaluation)")
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) of \(cases.count) differ, e.g.:\n\(mismatches.prefix(3).joined(separator: "\n"))")
    }
}
