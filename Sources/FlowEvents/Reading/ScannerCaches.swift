/// The caches one canonical scanner thread keeps across lines: recently seen strings, property
/// objects and the last date. All fixed-size, so memory is bounded whatever the input.
///
/// Sized to the bytes they will serve: a chunk of a few lines cannot fill thousands of slots, and
/// setting up and tearing down the full-size caches would cost more than decoding it (a log of a
/// few events, a tail read again).
///
/// Owns the caches' slots, which are freed when it goes; scanners hold the caches themselves, plain
/// structs over views of those slots, for as long as the owner lives.
final class ScannerCaches {
    /// Strings of at most 16 bytes: identifiers, screen names, short property values.
    let shortStrings: ShortStringCache
    /// Longer strings, such as experiment and variant keys.
    let longStrings: ByteKeyedCache<String>
    /// Whole property objects, by their text between the braces.
    let propertyObjects: ByteKeyedCache<[String: String]>
    /// Timestamps, remembering the last date.
    let timestamps: CanonicalTimestampParser

    // The slots of the caches above, each freed by its owner's `deinit` when this object goes.
    private let shortStringSlots: ShortStringCache.Storage
    private let longStringSlots: ByteKeyedCache<String>.Storage
    private let propertyObjectSlots: ByteKeyedCache<[String: String]>.Storage
    private let timestampSlot: CanonicalTimestampParser.Storage

    /// Creates empty caches for lines of about `byteCount` bytes in all: full-size for a chunk of a large
    /// file, smaller for a few lines, where one slot per 32, 64 and 128 bytes is more than the lines can use.
    init(forBytes byteCount: Int = .max) {
        func slots(bytesPerSlot: Int, most: Int) -> Int {
            min(most, max(8, byteCount / bytesPerSlot))
        }
        shortStringSlots = ShortStringCache.storage(slotCount: slots(bytesPerSlot: 32, most: 1024))
        longStringSlots = ByteKeyedCache<String>.storage(slotCount: slots(bytesPerSlot: 64, most: 512))
        propertyObjectSlots = ByteKeyedCache<[String: String]>.storage(slotCount: slots(bytesPerSlot: 128, most: 256))
        timestampSlot = CanonicalTimestampParser.storage()
        shortStrings = ShortStringCache(shortStringSlots)
        longStrings = ByteKeyedCache(longStringSlots)
        propertyObjects = ByteKeyedCache(propertyObjectSlots)
        timestamps = CanonicalTimestampParser(timestampSlot)
    }
}
