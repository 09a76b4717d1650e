/// A fixed-size cache of strings of at most 16 bytes, keyed by the bytes themselves held in two
/// machine words, so a lookup is a hash of two words and two comparisons.
///
/// Session and user identifiers, screen names and property values repeat from line to line;
/// handing back the string made for the same bytes is cheaper than validating and making it
/// again, even for strings short enough to need no allocation. Direct-mapped: a colliding entry
/// replaces the older one, so memory stays bounded.
///
/// A struct over a view of its slots, so that using it costs no reference counting; `ScannerCaches`
/// owns the slots (a ``Storage``), which are freed when it goes.
struct ShortStringCache {
    /// Longest string, in UTF-8 bytes, the cache keys.
    static var maximumLength: Int { 16 }

    struct Entry {
        var first: UInt64
        var second: UInt64
        var count: Int
        var value: String
    }

    /// The slots a cache reads and writes, owned apart from it.
    typealias Storage = FixedSlots<Entry>

    private let slots: SlotsView<Entry>

    /// Empty slots for a cache of `slotCount` entries, rounded up to a power of two.
    static func storage(slotCount: Int) -> Storage {
        var count = 1
        while count < slotCount { count <<= 1 }
        // Count -1 matches no key, so the empty string is not a false hit.
        return Storage(count: count, repeating: Entry(first: 0, second: 0, count: -1, value: ""))
    }

    /// A cache over `storage`, which must outlive it.
    init(_ storage: borrowing Storage) {
        slots = storage.view
    }

    /// The string cached for `bytes` (at most `maximumLength` of them), or the one `make`
    /// builds from them, cached when it is not nil.
    @inline(__always)
    func string(for bytes: ByteView, orMake make: (ByteView) -> String?) -> String? {
        let (first, second) = Self.words(of: bytes)
        var hash = (first ^ UInt64(bytes.count)) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ second ^ (hash >> 29)) &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: hash >> 40) & (slots.count - 1)
        if slots[slot].first == first, slots[slot].second == second, slots[slot].count == bytes.count {
            return slots[slot].value
        }
        guard let value = make(bytes) else { return nil }
        slots[slot] = Entry(first: first, second: second, count: bytes.count, value: value)
        return value
    }

    /// Two words that, together with the count, determine `bytes` exactly: overlapping loads
    /// from both ends cover every byte without reading outside the buffer.
    @inline(__always)
    private static func words(of bytes: ByteView) -> (UInt64, UInt64) {
        let count = bytes.count
        if count >= 8 {
            return (bytes.load(UInt64.self, at: 0), bytes.load(UInt64.self, at: count - 8))
        }
        if count >= 4 {
            return (UInt64(bytes.load(UInt32.self, at: 0)), UInt64(bytes.load(UInt32.self, at: count - 4)))
        }
        if count > 0 {
            return (UInt64(bytes[0]) | UInt64(bytes[count / 2]) << 8 | UInt64(bytes[count - 1]) << 16, 0)
        }
        return (0, 0)
    }
}
