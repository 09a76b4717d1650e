/// The sticky bucket documents of one user while their session is assigned: read from a store once, updated by
/// each experiment in turn, and written back once.
struct StickyBucketSession {
    /// Documents by `attributeName||attributeValue`, as read and as updated so far.
    private(set) var documents: [String: StickyBucketDocument]
    /// Keys of the documents changed during this session.
    private(set) var changedKeys: [String] = []

    /// Reads from `store` the documents any of `evaluators` may consult for `attributes`.
    init(store: any StickyBucketStore, evaluators: EvaluationMemory.BorrowedElements<ExperimentEvaluator>, attributes: Attributes) {
        var keys: [String] = []
        for evaluator in evaluators where !evaluator.definition.disableStickyBucketing {
            for attribute in [evaluator.definition.hashAttribute, evaluator.definition.fallbackAttribute] {
                guard let attribute else { continue }
                let key = Self.key(attribute: attribute, in: attributes)
                if !keys.contains(key) { keys.append(key) }
            }
        }
        documents = keys.isEmpty ? [:] : store.documents(forKeys: keys)
    }

    /// The document key for `attribute`'s value in `attributes`; an unusable value counts as empty, as in GrowthBook.
    static func key(attribute: String, in attributes: Attributes) -> String {
        StickyBucketDocument.key(attributeName: attribute, attributeValue: HashAttributeValue.string(for: attributes[attribute]) ?? "")
    }

    /// The assignments recorded under the hash attribute, completed by those under the fallback attribute.
    func assignments(hashAttribute: String, fallbackAttribute: String?, attributes: Attributes) -> [String: String] {
        var merged = documents[Self.key(attribute: hashAttribute, in: attributes)]?.assignments ?? [:]
        if let fallbackAttribute, let fallback = documents[Self.key(attribute: fallbackAttribute, in: attributes)] {
            merged.merge(fallback.assignments) { primary, _ in primary }
        }
        return merged
    }

    /// Records that the user identified by `attributeName` = `attributeValue` is in variation `variationKey` of the
    /// sticky experiment key `experimentKey`.
    mutating func record(attributeName: String, attributeValue: String, experimentKey: String, variationKey: String) {
        let key = StickyBucketDocument.key(attributeName: attributeName, attributeValue: attributeValue)
        var document = documents[key] ?? StickyBucketDocument(attributeName: attributeName, attributeValue: attributeValue)
        guard document.assignments[experimentKey] != variationKey else { return }
        document.assignments[experimentKey] = variationKey
        documents[key] = document
        if !changedKeys.contains(key) { changedKeys.append(key) }
    }

    /// Writes the changed documents to `store`.
    func save(to store: any StickyBucketStore) {
        for key in changedKeys {
            if let document = documents[key] { store.save(document) }
        }
    }
}
