import SeededRandom
import FlowEvents
import Foundation
import Testing

@Suite("Event timestamps")
struct EventTimestampTests {
    @Test("formats as ISO 8601 UTC with milliseconds", arguments: [
        (0, "1970-01-01T00:00:00.000Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (1_795_339_800_125, "2026-11-22T09:30:00.125Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
    ] as [(Int64, String)])
    func formats(milliseconds: Int64, text: String) {
        #expect(EventTimestamp(millisecondsSince1970: milliseconds).description == text)
        #expect(EventTimestamp(iso8601: Array(text.utf8))?.millisecondsSince1970 == milliseconds)
    }

    @Test("agrees with Foundation's ISO 8601 formatter across centuries")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let milliseconds = Int64(generator.next() % 7_000_000_000_000) - 2_000_000_000_000
            let expected = formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            #expect(EventTimestamp(millisecondsSince1970: milliseconds).description == expected)
        }
    }

    @Test("reads the time grammar: fractions of 1 to 9 digits or none, zone Z or ±hh:mm", arguments: [
        ("2026-11-22T09:30:00Z", Int64(1_795_339_800_000)),
        ("2026-11-22T09:30:00.1Z", 1_795_339_800_100),
        ("2026-11-22T09:30:00.123456789Z", 1_795_339_800_123),
        ("2026-11-22T09:30:00.000+00:00", 1_795_339_800_000),
        ("2026-11-22T09:30:00.000-00:00", 1_795_339_800_000),
        ("2026-11-22T10:30:00+01:00", 1_795_339_800_000),
        ("2026-11-22T04:00:00.5-05:30", 1_795_339_800_500),
        ("2026-11-23T09:29:00.000+23:59", 1_795_339_800_000),
        ("2026-11-22T09:29:60.000Z", 1_795_339_800_000),
        ("2028-02-29T00:00:00Z", 1_835_395_200_000),
        ("2000-02-29T00:00:00.000Z", 951_782_400_000),
        ("0000-01-01T00:00:00.000+01:00", -62_167_222_800_000),
    ])
    func parsesGrammar(text: String, milliseconds: Int64) {
        #expect(EventTimestamp(iso8601: Array(text.utf8))?.millisecondsSince1970 == milliseconds)
    }

    @Test("refuses text outside the time grammar: other zones' spellings, dates that do not exist, out-of-range fields", arguments: [
        "", "2026-11-22", "2026-11-22T09:30:00", "2026-11-22T09:30:00.125", "2026-11-22 09:30:00Z", "2026-11-22t09:30:00Z",
        "2026-11-22T09:30:00z", "2026-11-22T09:30:00+0100", "2026-11-22T09:30:00+01", "2026-11-22T09:30:00+24:00",
        "2026-11-22T09:30:00+01:60", "2026-11-22T09:30:00 +01:00", "2026-11-22T09:30:00+01:00Z", "2026-13-22T09:30:00Z",
        "2026-11-22T25:30:00Z", "2026-11-22T24:00:00Z", "2026-11-22T09:60:00Z", "2026-11-22T09:30:61Z",
        "2026-02-29T09:30:00Z", "2100-02-29T09:30:00Z", "2026-04-31T09:30:00Z", "2026-11-00T09:30:00Z", "2026-00-22T09:30:00Z",
        "2026-11-22T09:30:00.Z", "2026-11-22T09:30:00.1234567890Z", "2026-11-22T09:30:00,5Z", "2026-11-22T09:30:00Zjunk",
        "+2026-11-22T09:30:00Z", "20261122T093000Z", "２０２６-11-22T09:30:00Z",
    ])
    func refuses(text: String) {
        #expect(EventTimestamp(iso8601: Array(text.utf8)) == nil)
    }
}

@Suite("Event timestamp text cache")
struct EventTimestampTextCacheTests {
    @Test("writes what EventTimestamp writes, whatever the order of seconds, minutes, days and milliseconds")
    func agreesWithTimestamp() {
        var cache = EventTimestampTextCache()
        var generator = SplitMix64(seed: 11)
        var base: Int64 = 1_795_339_800_000
        for step in 0..<5000 {
            switch generator.next() % 5 {
            case 0: base += Int64(generator.next() % 1000)
            case 1: base += Int64(generator.next() % 100_000)
            case 2: base = Int64(generator.next() % 600_000_000_000_000) - 300_000_000_000_000
            case 3: base += Int64(generator.next() % 7_200_000)
            default: break
            }
            let timestamp = EventTimestamp(millisecondsSince1970: step % 97 == 0 ? -base : base)
            var cached: [UInt8] = []
            cache.append(timestamp, to: &cached)
            #expect(String(decoding: cached, as: UTF8.self) == timestamp.description)
        }
    }
}
