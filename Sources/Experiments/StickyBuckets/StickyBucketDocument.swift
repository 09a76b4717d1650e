/// One user identifier's sticky bucket assignments, in GrowthBook's document shape.
///
/// A document is keyed by ``key`` (`attributeName||attributeValue`, e.g. `id||u-42`) and maps sticky experiment
/// keys (`<experiment key>__<bucketVersion>`, e.g. `onboarding-order__0`) to the variation key the user was bucketed
/// into (the variation's `meta` key, or its index as a string).
public struct StickyBucketDocument: Sendable, Hashable {
    /// The attribute that identified the user, e.g. `id` or a fallback such as `deviceId`.
    public var attributeName: String
    /// That attribute's value, as hashed.
    public var attributeValue: String
    /// Sticky experiment key → variation key.
    public var assignments: [String: String]

    /// Creates a document.
    public init(attributeName: String, attributeValue: String, assignments: [String: String] = [:]) {
        self.attributeName = attributeName
        self.attributeValue = attributeValue
        self.assignments = assignments
    }

    /// `attributeName||attributeValue`, the key GrowthBook stores documents under.
    public var key: String {
        Self.key(attributeName: attributeName, attributeValue: attributeValue)
    }

    /// `attributeName||attributeValue`.
    public static func key(attributeName: String, attributeValue: String) -> String {
        attributeName + "||" + attributeValue
    }

    /// The sticky experiment key GrowthBook uses: `<experiment key>__<bucketVersion>`.
    public static func experimentKey(_ experimentKey: String, bucketVersion: Int) -> String {
        experimentKey + "__" + String(bucketVersion)
    }

    /// This document with `other`'s assignments added where this one has none for the same experiment key.
    public func merging(keepingExisting other: StickyBucketDocument) -> StickyBucketDocument {
        var merged = self
        merged.assignments.merge(other.assignments) { current, _ in current }
        return merged
    }

    /// The document as GrowthBook's JSON: `{"attributeName": …, "attributeValue": …, "assignments": {…}}`, with
    /// assignments in key order so files are stable.
    public var json: JSONValue {
        var assignmentsObject = JSONObject(minimumCapacity: assignments.count)
        for key in assignments.keys.sorted(by: { GrowthBookComparison.compareUTF16($0, $1) < 0 }) {
            assignmentsObject[key] = .string(assignments[key] ?? "")
        }
        return .object([
            "attributeName": .string(attributeName),
            "attributeValue": .string(attributeValue),
            "assignments": .object(assignmentsObject),
        ])
    }

    /// Decodes GrowthBook's document JSON, or throws why it is not one (located relative to the document).
    public static func decode(_ json: JSONValue) throws(StickyBucketDocumentIssue) -> StickyBucketDocument {
        guard case .object(let object) = json else {
            throw StickyBucketDocumentIssue(issue: ConfigIssue(path: .root, message: "expected a sticky bucket document object, found \(ConfigDecoder.describe(json))"))
        }
        guard case .string(let name)? = object["attributeName"] else {
            throw StickyBucketDocumentIssue(issue: ConfigIssue(path: JSONPath.root.appending("attributeName"), message: "expected a string"))
        }
        guard case .string(let value)? = object["attributeValue"] else {
            throw StickyBucketDocumentIssue(issue: ConfigIssue(path: JSONPath.root.appending("attributeValue"), message: "expected a string"))
        }
        guard case .object(let assignmentsObject)? = object["assignments"] else {
            throw StickyBucketDocumentIssue(issue: ConfigIssue(path: JSONPath.root.appending("assignments"), message: "expected an object"))
        }
        var assignments: [String: String] = [:]
        for (key, variation) in assignmentsObject.members {
            guard case .string(let variationKey) = variation else {
                throw StickyBucketDocumentIssue(issue: ConfigIssue(
                    path: JSONPath.root.appending("assignments").appending(key),
                    message: "expected a variation key string, found \(ConfigDecoder.describe(variation))"
                ))
            }
            assignments[key] = variationKey
        }
        return StickyBucketDocument(attributeName: name, attributeValue: value, assignments: assignments)
    }
}

/// Why JSON is not a sticky bucket document, located relative to the document.
public struct StickyBucketDocumentIssue: Error, Sendable, Hashable {
    /// Where in the document, and what is wrong.
    public var issue: ConfigIssue
}
