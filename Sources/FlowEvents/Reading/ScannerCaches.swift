/// The caches one canonical scanner thread keeps across lines: recently seen strings, property
/// objects and the last date. All fixed-size, so memory is bounded whatever the input.
///
/// Owns the caches' storage and frees it when released; scanners hold the caches themselves,
/// plain structs, for as long as the owner lives.
final class ScannerCaches {
    /// Strings of at most 16 bytes: identifiers, screen names, short property values.
    let shortStrings = ShortStringCache(slotCount: 1024)
    /// Longer strings, such as experiment and variant keys.
    let longStrings = ByteKeyedCache<String>(slotCount: 512)
    /// Whole property objects, by their text between the braces.
    let propertyObjects = ByteKeyedCache<[String: String]>(slotCount: 256)
    /// Timestamps, remembering the last date.
    let timestamps = CanonicalTimestampParser()

    deinit {
        shortStrings.deallocate()
        longStrings.deallocate()
        propertyObjects.deallocate()
        timestamps.deallocate()
    }
}
