/// A JSON object that remembers the order its keys first appeared in, as JavaScript objects do.
///
/// Key order matters to GrowthBook's literal object equality in conditions. A repeated key keeps its first
/// position and takes the last value, like `JSON.parse`. Keys are compared by code units, as in JavaScript: `"é"`
/// and `"e\u0301"` are two different keys.
public struct JSONObject: Sendable, Hashable {
    /// One member of the object.
    @usableFromInline
    struct Member: Sendable, Hashable {
        @usableFromInline var key: String
        @usableFromInline var value: JSONValue

        @usableFromInline
        static func == (lhs: Member, rhs: Member) -> Bool {
            CodeUnitString.equal(lhs.key, rhs.key) && lhs.value == rhs.value
        }

        @usableFromInline
        func hash(into hasher: inout Hasher) {
            hasher.combine(CodeUnitKey(key))
            hasher.combine(value)
        }
    }

    /// Above this many members lookups go through a dictionary index; below it a linear scan is faster.
    private static let linearLookupLimit = 8

    /// The members in document order. Kept in one array (and the index absent for small objects) so that copying an
    /// object costs a single reference-count increment.
    @usableFromInline
    private(set) var storage: [Member] = []
    @usableFromInline
    var index: [CodeUnitKey: Int]?

    /// Creates an empty object.
    public init() {}

    /// Creates an empty object with room for `capacity` members.
    public init(minimumCapacity capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    /// Creates an object from key/value pairs in order; a repeated key keeps its first position and last value.
    public init(_ members: some Sequence<(String, JSONValue)>) {
        for (key, value) in members {
            self[key] = value
        }
    }

    /// The number of members.
    public var count: Int { storage.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { storage.isEmpty }

    /// The keys in document order.
    public var keys: [String] { storage.map(\.key) }

    /// The values in document order.
    public var values: [JSONValue] { storage.map(\.value) }

    /// The members as key/value pairs in document order.
    public var members: [(key: String, value: JSONValue)] {
        storage.map { (key: $0.key, value: $0.value) }
    }

    /// Reads or writes the value for `key`; writing `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return storage[position].value
        }
        set {
            if let position = position(of: key) {
                if let newValue {
                    storage[position].value = newValue
                } else {
                    storage.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                storage.append(Member(key: key, value: newValue))
                if storage.count > Self.linearLookupLimit {
                    if index == nil { rebuildIndex() } else { index?[CodeUnitKey(key)] = storage.count - 1 }
                }
            }
        }
    }

    /// Whether the object has a member named `key`.
    public func contains(_ key: String) -> Bool {
        position(of: key) != nil
    }

    /// The position of `key`, which must be ASCII and `utf8Count` bytes long, in `storage`: ``position(of:)``
    /// without a byte comparison.
    @inlinable
    func position(ofASCIIKey key: String, utf8Count: Int) -> Int? {
        if let index {
            return index[CodeUnitKey(key)]
        }
        for position in storage.indices where CodeUnitString.equal(storage[position].key, asciiKey: key, utf8Count: utf8Count) {
            return position
        }
        return nil
    }

    /// The position of `key` in `storage`, if present.
    @inlinable
    func position(of key: String) -> Int? {
        if let index {
            return index[CodeUnitKey(key)]
        }
        for position in storage.indices where CodeUnitString.equal(storage[position].key, key) {
            return position
        }
        return nil
    }

    private mutating func rebuildIndex() {
        guard storage.count > Self.linearLookupLimit else {
            index = nil
            return
        }
        var rebuilt: [CodeUnitKey: Int] = [:]
        for (position, member) in storage.enumerated() {
            rebuilt[CodeUnitKey(member.key)] = position
        }
        index = rebuilt
    }

    /// Objects are equal when they have the same keys in the same order with equal values.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.storage == rhs.storage
    }

    /// Hashes keys and values in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// Creates an object keeping the literal's key order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
