/// Which texts of each event a reader makes: a consumer that reads only some of them lets the reader skip
/// making the rest.
///
/// A field left out is still checked as thoroughly as any, so a line whose left-out text is invalid is skipped
/// and counted as ever; it only comes out empty: `session` as `""`, `experiment` and `variant` as nil,
/// `properties` without the keys not kept. A
/// line the reader's fast path does not take is read whole, so a consumer must not rely on a left-out field
/// being empty, only on the kept ones being there.
public struct EventFieldSelection: Sendable, Equatable {
    /// Every field of every event.
    public static let all = EventFieldSelection()

    /// Whether events carry their `session`.
    public let keepsSession: Bool
    /// The types of the events that carry their `experiment` and `variant`, or nil for every type.
    public let attributedTypes: Set<EventType>?
    /// `attributedTypes` as one bit per type, tested on every line.
    private let attributedTypeMask: EventTypeMask?
    /// The property keys events carry, or nil for all of them.
    public let propertyKeys: Set<String>?
    /// The UTF-8 bytes of `propertyKeys`, sorted, which a scanner compares keys with before making any text.
    private let propertyKeyBytes: [[UInt8]]?

    /// Creates a selection that keeps `session` when `keepsSession` is true, `experiment` and `variant` of the
    /// events whose types are in `attributedTypes` (of every event when it is nil), and the properties whose keys
    /// are in `propertyKeys`, or all of them when it is nil.
    public init(keepsSession: Bool = true, attributedTypes: Set<EventType>? = nil, propertyKeys: Set<String>? = nil) {
        self.keepsSession = keepsSession
        self.attributedTypes = attributedTypes
        attributedTypeMask = attributedTypes.map { EventTypeMask($0) }
        self.propertyKeys = propertyKeys
        propertyKeyBytes = propertyKeys.map { $0.sorted().map { Array($0.utf8) } }
    }

    /// Whether the selection keeps every field.
    var keepsEverything: Bool {
        keepsSession && attributedTypes == nil && propertyKeys == nil
    }

    /// Whether events of `type` carry their `experiment` and `variant`.
    @inline(__always)
    func keepsAttribution(of type: EventType) -> Bool {
        attributedTypeMask?.contains(type) ?? true
    }

    /// Whether the property key `key` is kept.
    @inline(__always)
    func keepsProperty(_ key: ByteView) -> Bool {
        guard let propertyKeyBytes else { return true }
        for candidate in propertyKeyBytes where candidate.count == key.count {
            if candidate.withByteView({ $0.hasSameBytes(as: key) }) { return true }
        }
        return false
    }
}
