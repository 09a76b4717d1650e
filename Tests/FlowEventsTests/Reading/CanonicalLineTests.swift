import Foundation
import Testing
@testable import FlowEvents

@Suite("Canonical lines, as JSONLineEncoder writes them")
struct CanonicalLineTests {
    let sample = FlowEvent(
        time: EventTimestamp(iso8601: "2026-11-22T09:30:00.125Z".utf8)!,
        session: "s-1",
        user: "u-42",
        experiment: "onboarding-order",
        variant: "signup-after-profile",
        type: .screenShown,
        screen: "signup",
        properties: ["k": "v", "slot.onboarding": "signup-after-profile"]
    )

    @Test("the example line of the format reads as the event it describes")
    func exampleLine() {
        let line = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s-1","user":"u-42","experiment":"onboarding-order","variant":"signup-after-profile","type":"screen_shown","screen":"signup","action":null,"properties":{"k":"v","slot.onboarding":"signup-after-profile"}}"#
        #expect(LineDecoding.outcome(line) == .event(sample))
        #expect(sample.time.millisecondsSince1970 == 1_795_339_800_125)
    }

    @Test("canonical lines are read by the fast scanner, without the full parser")
    func fastPathTakesCanonicalLines() {
        #expect(LineDecoding.canonicalEvent(LineDecoding.canonicalLine(sample)) == sample)
        let minimal = FlowEvent(time: EventTimestamp(millisecondsSince1970: 0), session: "s", user: "u", type: .back)
        #expect(LineDecoding.canonicalEvent(LineDecoding.canonicalLine(minimal)) == minimal)
    }

    @Test("every event type round-trips through the encoder and the reader", arguments: EventType.allCases)
    func everyEventType(type: EventType) {
        var event = sample
        event.type = type
        #expect(LineDecoding.canonicalEvent(LineDecoding.canonicalLine(event)) == event)
    }

    @Test("the same texts on many lines read correctly through the scanner's caches")
    func repeatedTextsThroughCaches() {
        let decoder = EventLineDecoder()
        let events = EventCorpus.events(count: 400, seed: 7)
        for event in events + events.reversed() + events {
            let line = Array(LineDecoding.canonicalLine(event).utf8)
            #expect(line.withByteView { decoder.outcome(of: $0) } == .event(event))
        }
    }

    @Test("lines the scanner does not understand are left to the full parser, not misread")
    func scannerDeclinesNoncanonicalLines() {
        let canonical = LineDecoding.canonicalLine(sample)
        let variations = [
            canonical.replacingOccurrences(of: #""schema":1,"#, with: #""schema": 1,"#),
            canonical.replacingOccurrences(of: #""s-1""#, with: #""s\u002d1""#),
            canonical.replacingOccurrences(of: #""schema":1"#, with: #""schema":2"#),
            canonical.replacingOccurrences(of: #""k":"v""#, with: #""k":3"#),
            canonical + " ",
            String(canonical.dropLast()),
        ]
        for line in variations {
            #expect(LineDecoding.canonicalEvent(line) == nil, "\(line)")
        }
    }
}
