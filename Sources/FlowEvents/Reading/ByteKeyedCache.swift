/// A small fixed-size cache from short byte strings to values built from them.
///
/// Event logs repeat the same experiment, variant, screen and property texts on most lines;
/// handing back the value built for the same bytes before skips UTF-8 validation, allocation
/// and, for property objects, dictionary hashing. Direct-mapped and never growing: a colliding
/// entry simply replaces the older one, so memory stays bounded whatever the input.
///
/// A struct over a view of its slots, so that using it costs no reference counting; `ScannerCaches`
/// owns the slots (a ``Storage``), which are freed when it goes.
struct ByteKeyedCache<Value> {
    struct Entry {
        var hash: UInt64
        var key: [UInt8]
        var value: Value
    }

    /// Keys longer than this are not cached: long texts rarely repeat and would cost memory.
    static var maximumKeyLength: Int { 96 }

    /// The slots a cache reads and writes, owned apart from it.
    typealias Storage = FixedSlots<Entry?>

    private let slots: SlotsView<Entry?>

    /// Empty slots for a cache of `slotCount` entries, rounded up to a power of two.
    static func storage(slotCount: Int) -> Storage {
        var count = 1
        while count < slotCount { count <<= 1 }
        return Storage(count: count, repeating: nil)
    }

    /// A cache over `storage`, which must outlive it.
    init(_ storage: borrowing Storage) {
        slots = storage.view
    }

    /// The value cached for `key`, or the one `make` builds from it, cached when it is not nil.
    @inline(__always)
    func value(for key: ByteView, orMake make: (ByteView) -> Value?) -> Value? {
        if let cached = cachedValue(for: key) { return cached }
        guard let value = make(key) else { return nil }
        store(value, for: key)
        return value
    }

    /// The value cached for `key`, if any.
    @inline(__always)
    func cachedValue(for key: ByteView) -> Value? {
        guard key.count <= Self.maximumKeyLength else { return nil }
        let hash = Self.hash(key)
        if let entry = slots[Int(truncatingIfNeeded: hash) & (slots.count - 1)], entry.hash == hash, Self.equal(entry.key, key) {
            return entry.value
        }
        return nil
    }

    /// Caches `value` for `key`, replacing whatever shared its slot; keys too long are not cached.
    func store(_ value: Value, for key: ByteView) {
        guard key.count <= Self.maximumKeyLength else { return }
        let hash = Self.hash(key)
        slots[Int(truncatingIfNeeded: hash) & (slots.count - 1)] = Entry(hash: hash, key: Array(key), value: value)
    }

    @inline(__always)
    private static func equal(_ stored: [UInt8], _ key: ByteView) -> Bool {
        guard stored.count == key.count else { return false }
        return stored.withByteView { stored in stored.hasSameBytes(as: key) }
    }

    /// A fast 64-bit hash of `bytes`, eight bytes at a time; not for adversarial input, which
    /// can at worst make every lookup miss.
    private static func hash(_ bytes: ByteView) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var offset = 0
        while bytes.count - offset >= 8 {
            hash = (hash ^ bytes.load(UInt64.self, at: offset)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}
