import Experiments
import Foundation
import Testing

/// Sticky bucketing across runs: what a mobile user keeps when an experiment changes mid-flight.
@Suite("Sticky bucketing")
struct StickyBucketingTests {
    static let users = (0..<2_000).map { "user-\($0)" }

    /// The onboarding experiment with the given traffic split and sticky parameters.
    static func assigner(
        weights: [Double], coverage: Double, bucketVersion: Int = 0, minBucketVersion: Int = 0,
        disableStickyBucketing: Bool = false
    ) throws -> Assigner {
        let experiment = ExperimentDefinition(
            key: "onboarding-order", slot: "auth-flow", variations: ["signup-before-profile", "signup-after-profile"],
            weights: weights, coverage: coverage, fallbackAttribute: "deviceId", bucketVersion: bucketVersion,
            minBucketVersion: minBucketVersion, disableStickyBucketing: disableStickyBucketing
        )
        let config = ExperimentConfig(
            slots: [ConfigSlot(id: "app-shell", defaultVariant: "phone"), ConfigSlot(id: "auth-flow", defaultVariant: "signup-before-profile")],
            experiments: [experiment]
        )
        return Assigner(config: try config.validated(against: TestResources.sampleCatalog))
    }

    static func temporaryStorePath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("sticky-\(UUID().uuidString).json").path
    }

    /// Each user's experiment result in one "run": a store opened from the file, every user assigned, then flushed.
    static func run(_ assigner: Assigner, storePath: String, users: [String] = users) throws -> [String: ExperimentEvaluation] {
        let store = try FileStickyBucketStore(path: storePath)
        var results: [String: ExperimentEvaluation] = [:]
        for user in users {
            results[user] = assigner.assign(attributes: ["id": .string(user)], stickyBuckets: store).experiment("onboarding-order")
        }
        try store.flush()
        return results
    }

    @Test("every user exposed in a first run keeps their variant after weights and coverage change, and newly covered users join")
    func weightsAndCoverageChange() throws {
        let path = Self.temporaryStorePath()
        let first = try Self.run(try Self.assigner(weights: [0.5, 0.5], coverage: 0.4), storePath: path)
        let exposed = first.filter { $0.value.isExposure }
        #expect(exposed.count > 600 && exposed.count < 1_000)

        let changed = try Self.assigner(weights: [0.1, 0.9], coverage: 1)
        let second = try Self.run(changed, storePath: path)
        for (user, before) in exposed {
            let after = try #require(second[user])
            #expect(after.variant == before.variant, "\(user)")
            #expect(after.stickyBucketUsed)
        }
        // Without the store the new weights would have moved many of them.
        let moved = exposed.filter { user, before in
            changed.assign(attributes: ["id": .string(user)]).experiment("onboarding-order")?.variant != before.variant
        }
        #expect(moved.count > 100)
        let joined = second.filter { first[$0.key]?.isExposure == false && $0.value.isExposure }
        #expect(joined.count == Self.users.count - exposed.count)
        #expect(joined.allSatisfy { !$0.value.stickyBucketUsed })
    }

    @Test("bumping bucketVersion re-buckets everyone with the current weights and keeps the old version's assignments on file")
    func bucketVersionBump() throws {
        let path = Self.temporaryStorePath()
        _ = try Self.run(try Self.assigner(weights: [0.5, 0.5], coverage: 1), storePath: path)
        let bumped = try Self.assigner(weights: [0, 1], coverage: 1, bucketVersion: 1)
        let second = try Self.run(bumped, storePath: path)
        #expect(second.values.allSatisfy { $0.variant == "signup-after-profile" && !$0.stickyBucketUsed })
        let documents = try FileStickyBucketStore(path: path).allDocuments
        let document = try #require(documents["id||user-7"])
        #expect(document.assignments["onboarding-order__1"] == "1")
        #expect(document.assignments["onboarding-order__0"] != nil)
    }

    @Test("minBucketVersion excludes users holding an older version's assignment, and only them")
    func minBucketVersionExcludes() throws {
        let path = Self.temporaryStorePath()
        let early = Array(Self.users.prefix(500))
        _ = try Self.run(try Self.assigner(weights: [0.5, 0.5], coverage: 1), storePath: path, users: early)
        let second = try Self.run(try Self.assigner(weights: [0.5, 0.5], coverage: 1, bucketVersion: 1, minBucketVersion: 1), storePath: path)
        for user in Self.users {
            let result = try #require(second[user])
            if early.contains(user) {
                #expect(result.exclusionReason == .stickyBucketVersionBlocked)
                #expect(result.stickyBucketUsed)
            } else {
                #expect(result.isExposure)
            }
        }
    }

    @Test("disableStickyBucketing ignores stored assignments and records none")
    func disabled() throws {
        let store = InMemoryStickyBucketStore(documents: [
            StickyBucketDocument(attributeName: "id", attributeValue: "u", assignments: ["onboarding-order__0": "0"]),
        ])
        let assigner = try Self.assigner(weights: [0, 1], coverage: 1, disableStickyBucketing: true)
        let result = assigner.assign(attributes: ["id": "u", "deviceId": "d"], stickyBuckets: store).experiment("onboarding-order")
        #expect(result?.variationIndex == 1)
        #expect(result?.stickyBucketUsed == false)
        #expect(store.allDocuments.count == 1)
    }

    @Test("the fallback attribute identifies users without an id only when a sticky store is used, as in GrowthBook")
    func fallbackAttribute() throws {
        let assigner = try Self.assigner(weights: [0.5, 0.5], coverage: 1)
        let attributes: Attributes = ["deviceId": "device-9"]
        #expect(assigner.assign(attributes: attributes).experiment("onboarding-order")?.exclusionReason == .missingHashAttribute)
        let store = InMemoryStickyBucketStore()
        let sticky = assigner.assign(attributes: attributes, stickyBuckets: store).experiment("onboarding-order")
        #expect(sticky?.hashAttribute == "deviceId")
        #expect(sticky?.isExposure == true)
        #expect(store.allDocuments["deviceId||device-9"] != nil)
    }

    @Test("slot assignments say when a sticky bucket decided")
    func slotAssignmentSaysSticky() throws {
        let store = InMemoryStickyBucketStore()
        let assigner = try Self.assigner(weights: [0.5, 0.5], coverage: 1)
        let first = assigner.assign(attributes: ["id": "u-1"], stickyBuckets: store)
        let second = assigner.assign(attributes: ["id": "u-1"], stickyBuckets: store)
        #expect(first["auth-flow"]?.stickyBucketUsed == false)
        #expect(second["auth-flow"]?.stickyBucketUsed == true)
        #expect(second["auth-flow"]?.reason.isExposure == true)
    }
}

/// The file-backed store: atomic, shared between processes, and loud about a damaged file.
@Suite("File sticky bucket store")
struct FileStickyBucketStoreTests {
    @Test("a store reopened from its file holds what was flushed, in GrowthBook's document shape")
    func roundTrip() throws {
        let path = StickyBucketingTests.temporaryStorePath()
        let store = try FileStickyBucketStore(path: path)
        store.save(StickyBucketDocument(attributeName: "id", attributeValue: "u-1", assignments: ["exp__0": "1"]))
        try store.flush()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""id||u-1":{"attributeName":"id","attributeValue":"u-1","assignments":{"exp__0":"1"}}"#))
        #expect(try FileStickyBucketStore(path: path).allDocuments["id||u-1"]?.assignments == ["exp__0": "1"])
    }

    @Test("two stores flushing to one file keep each other's documents, and the first recorded assignment wins")
    func concurrentWriters() throws {
        let path = StickyBucketingTests.temporaryStorePath()
        let first = try FileStickyBucketStore(path: path)
        let second = try FileStickyBucketStore(path: path)
        first.save(StickyBucketDocument(attributeName: "id", attributeValue: "a", assignments: ["exp__0": "0"]))
        first.save(StickyBucketDocument(attributeName: "id", attributeValue: "shared", assignments: ["exp__0": "0"]))
        second.save(StickyBucketDocument(attributeName: "id", attributeValue: "b", assignments: ["exp__0": "1"]))
        second.save(StickyBucketDocument(attributeName: "id", attributeValue: "shared", assignments: ["exp__0": "1", "other__0": "1"]))
        try first.flush()
        try second.flush()
        let documents = try FileStickyBucketStore(path: path).allDocuments
        #expect(documents["id||a"]?.assignments == ["exp__0": "0"])
        #expect(documents["id||b"]?.assignments == ["exp__0": "1"])
        #expect(documents["id||shared"]?.assignments == ["exp__0": "0", "other__0": "1"])
        #expect(second.allDocuments["id||shared"]?.assignments["exp__0"] == "0")
    }

    @Test("a corrupt store file is a located error and is left exactly as it was")
    func corruptFile() throws {
        let path = StickyBucketingTests.temporaryStorePath()
        let damaged = "{\"version\": 1, \"documents\": {\"id||u\": {\"attributeName\": \"id\",\n \"attributeValue\": \"u\", \"assignments\": {\"x__0\": 1}}}}"
        try damaged.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: StickyBucketStoreError.self) { try FileStickyBucketStore(path: path) }
        do {
            _ = try FileStickyBucketStore(path: path)
        } catch {
            #expect(error.description == "\(path): documents[\"id||u\"].assignments.x__0: expected a variation key string, found number 1")
        }
        try "{\"version\": 1, \"documents\": {".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try FileStickyBucketStore(path: path)
            Issue.record("a truncated file was accepted")
        } catch {
            #expect(error.description.hasPrefix("\(path): line 1, column 30: malformed JSON"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"version\": 1, \"documents\": {")
    }

    @Test("a store whose file became corrupt after opening refuses to flush and keeps both the file and its documents")
    func corruptedAfterOpening() throws {
        let path = StickyBucketingTests.temporaryStorePath()
        let store = try FileStickyBucketStore(path: path)
        store.save(StickyBucketDocument(attributeName: "id", attributeValue: "u", assignments: ["exp__0": "1"]))
        try "not json".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: StickyBucketStoreError.self) { try store.flush() }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "not json")
        try FileManager.default.removeItem(atPath: path)
        try store.flush()
        #expect(try FileStickyBucketStore(path: path).allDocuments["id||u"] != nil)
    }
}
