import SeededRandom
import Testing
@testable import FlowEvents

@Suite("The scanner's timestamp parser agrees with EventTimestamp(iso8601:)")
struct CanonicalTimestampParserTests {
    /// What both parsers make of `text`, through one parser instance so its remembered date is exercised.
    func bothReadings(_ text: String, parser: CanonicalTimestampParser) -> (fast: EventTimestamp?, reference: EventTimestamp?) {
        let bytes = Array(text.utf8)
        return (bytes.withByteView { parser.timestamp($0) }, EventTimestamp(iso8601: bytes))
    }

    @Test("every written timestamp, years 0000 to 9999, reads back the same")
    func writtenTimestamps() {
        let caches = ScannerCaches()
        defer { withExtendedLifetime(caches) {} }
        let parser = caches.timestamps
        var random = SplitMix64(seed: 17)
        for _ in 0..<20_000 {
            let millis = Int64.random(in: -62_167_219_200_000...253_402_300_799_999, using: &random)
            let text = EventTimestamp(millisecondsSince1970: millis).description
            let readings = bothReadings(text, parser: parser)
            #expect(readings.fast == readings.reference)
            #expect(readings.fast?.millisecondsSince1970 == millis)
        }
    }

    @Test("altered timestamps are accepted or refused exactly as the reference parser does")
    func alteredTimestamps() {
        let caches = ScannerCaches()
        defer { withExtendedLifetime(caches) {} }
        let parser = caches.timestamps
        var random = SplitMix64(seed: 23)
        let replacements = Array("0123456789-:.TZ x".utf8)
        for _ in 0..<20_000 {
            var bytes = Array(EventTimestamp(millisecondsSince1970: Int64.random(in: 0...4_000_000_000_000, using: &random)).description.utf8)
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] = replacements.randomElement(using: &random)!
            }
            let readings = bothReadings(String(decoding: bytes, as: UTF8.self), parser: parser)
            #expect(readings.fast == readings.reference, "\(String(decoding: bytes, as: UTF8.self))")
        }
        for text in ["2026-02-31T10:00:00.000Z", "2026-11-22T23:59:60.999Z", "2026-00-10T10:00:00.000Z", "2026-11-22T09:30:00.125",
                     "2026-02-29T10:00:00.000Z", "2028-02-29T10:00:00.000Z", "2100-02-29T10:00:00.000Z", "2026-04-31T10:00:00.000Z",
                     "2026-11-22T10:30:00.125+01:00", "2026-11-22T09:30:00+00:00", "2026-11-22T09:30:00.125z"] {
            let readings = bothReadings(text, parser: parser)
            #expect(readings.fast == readings.reference, "\(text)")
        }
    }
}
