@testable import FlowEvents
import Testing

/// `seq`, an event's number in its session: written after `session` when the event has one, read by the fast
/// scanner and the full parser alike, and a line with any other value is malformed.
@Suite("Reading seq")
struct SequenceNumberReadingTests {
    static let prefix = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s-1","#
    static let suffix = #""user":"u-42","experiment":null,"variant":null,"type":"back","screen":"a","action":null,"properties":{}}"#

    static func line(seq: String?) -> String {
        prefix + (seq.map { #""seq":\#($0),"# } ?? "") + suffix
    }

    @Test("An event with a sequence number round-trips through the writer and both readers", arguments: [0, 7, 63, 64, 1_000_000, FlowEvent.maximumSequence])
    func roundTrip(sequence: Int) {
        let event = FlowEvent(
            time: EventTimestamp(millisecondsSince1970: 0), session: "s", sequence: sequence, user: "u", type: .back, screen: "a"
        )
        let line = LineDecoding.canonicalLine(event)
        #expect(line.contains(#""session":"s","seq":\#(sequence),"user":"u""#))
        #expect(LineDecoding.canonicalEvent(line) == event)
        #expect(LineDecoding.fullParserOutcome(line) == .event(event))
    }

    @Test("A line without seq reads as an event without one, on both readings")
    func absent() {
        let line = Self.line(seq: nil)
        #expect(LineDecoding.canonicalEvent(line)?.sequence == nil)
        guard case .event(let event) = LineDecoding.fullParserOutcome(line) else {
            Issue.record("the line is an event")
            return
        }
        #expect(event.sequence == nil)
        #expect(LineDecoding.fullParserOutcome(Self.line(seq: "null")) == .event(event))
    }

    @Test("-0 is a JSON integer: left to the full parser, which reads 0")
    func minusZero() {
        let line = Self.line(seq: "-0")
        #expect(LineDecoding.canonicalEvent(line) == nil)
        guard case .event(let event) = LineDecoding.outcome(line) else {
            Issue.record("-0 is an integer")
            return
        }
        #expect(event.sequence == 0)
    }

    @Test(
        "Any seq but a JSON integer from 0 to 2^53 − 1 makes the line malformed, as the warehouse SQL skips it: strings, negative, fractional and larger numbers, integers written with a fraction or an exponent",
        arguments: ["-1", "4.5", "\"4\"", "\"7\"", "true", "{}", "9007199254740992", "1e400", "99999999999999999999", "007", "4.0", "4e0", "40E-1", "1e2"]
    )
    func malformed(text: String) {
        #expect(LineDecoding.outcome(Self.line(seq: text)) == .skipped(.malformed))
    }
}
