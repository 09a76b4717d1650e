/// The caches one canonical scanner thread keeps across lines: recently seen strings, property
/// objects and the last date. All fixed-size, so memory is bounded whatever the input.
///
/// Sized to the bytes they will serve: a chunk of a few lines cannot fill thousands of slots, and
/// setting up and tearing down the full-size caches would cost more than decoding it (a log of a
/// few events, a tail read again).
///
/// Owns the caches' storage and frees it when released; scanners hold the caches themselves,
/// plain structs, for as long as the owner lives.
final class ScannerCaches {
    /// Strings of at most 16 bytes: identifiers, screen names, short property values.
    let shortStrings: ShortStringCache
    /// Longer strings, such as experiment and variant keys.
    let longStrings: ByteKeyedCache<String>
    /// Whole property objects, by their text between the braces.
    let propertyObjects: ByteKeyedCache<[String: String]>
    /// Timestamps, remembering the last date.
    let timestamps = CanonicalTimestampParser()

    /// Creates empty caches for lines of about `byteCount` bytes in all: full-size for a chunk of a large
    /// file, smaller for a few lines, where one slot per 32, 64 and 128 bytes is more than the lines can use.
    init(forBytes byteCount: Int = .max) {
        func slots(bytesPerSlot: Int, most: Int) -> Int {
            min(most, max(8, byteCount / bytesPerSlot))
        }
        shortStrings = ShortStringCache(slotCount: slots(bytesPerSlot: 32, most: 1024))
        longStrings = ByteKeyedCache(slotCount: slots(bytesPerSlot: 64, most: 512))
        propertyObjects = ByteKeyedCache(slotCount: slots(bytesPerSlot: 128, most: 256))
    }

    deinit {
        shortStrings.deallocate()
        longStrings.deallocate()
        propertyObjects.deallocate()
        timestamps.deallocate()
    }
}
