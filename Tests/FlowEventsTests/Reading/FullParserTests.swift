import Foundation
import Testing
@testable import FlowEvents

@Suite("Lines in other layouts, read by the full JSON parser")
struct FullParserTests {
    let expected = FlowEvent(
        time: EventTimestamp(iso8601: "2026-11-22T09:30:00.125Z".utf8)!,
        session: "s-1",
        user: "u-42",
        experiment: "onboarding-order",
        variant: nil,
        type: .action,
        screen: "signup",
        action: "continue",
        properties: ["k": "v"]
    )

    @Test("reordered keys and whitespace read the same as the canonical line")
    func reorderedKeysAndWhitespace() {
        let line = """
             { "type" : "action",\t"user":"u-42", "properties": { "k" : "v" } , "session":"s-1",
            "time":"2026-11-22T09:30:00.125Z","schema":1,"screen":"signup","action":"continue",
            "experiment":"onboarding-order","variant":null }\t
            """.replacingOccurrences(of: "\n", with: " ")
        #expect(LineDecoding.outcome(line) == .event(expected))
    }

    @Test("absent optional keys read as null and absent properties as empty")
    func absentOptionalKeys() {
        let line = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s-1","user":"u-42","type":"back"}"#
        let event = FlowEvent(time: expected.time, session: "s-1", user: "u-42", type: .back)
        #expect(LineDecoding.outcome(line) == .event(event))
        let nullProperties = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s-1","user":"u-42","type":"back","properties":null}"#
        #expect(LineDecoding.outcome(nullProperties) == .event(event))
    }

    @Test("unknown keys are ignored, whatever their values")
    func unknownKeysIgnored() {
        let line = #"{"schema":1,"host":{"name":"jq","args":[1,[2,{"x":null}]]},"time":"2026-11-22T09:30:00.125Z","session":"s-1","user":"u-42","type":"back","note":"hi"}"#
        #expect(LineDecoding.outcome(line) == .event(FlowEvent(time: expected.time, session: "s-1", user: "u-42", type: .back)))
    }

    @Test("escapes decode: quotes, backslashes, solidus, control characters and \\u escapes")
    func escapes() {
        let line = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"a\"b\\c\/d","user":"\n\r\t\b\f\u0041\u00e9\u65E5","type":"back"}"#
        guard case .event(let event) = LineDecoding.outcome(line) else {
            Issue.record("line not read")
            return
        }
        #expect(event.session == "a\"b\\c/d")
        #expect(event.user == "\n\r\t\u{08}\u{0C}Aé日")
    }

    @Test("surrogate pairs decode to one astral character; raw UTF-8 is kept as is")
    func surrogatesAndUnicode() {
        let line = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"\ud83d\ude00","user":"😀 café","type":"back"}"#
        guard case .event(let event) = LineDecoding.outcome(line) else {
            Issue.record("line not read")
            return
        }
        #expect(event.session == "😀")
        #expect(event.user == "😀 café")
    }

    @Test("a lone surrogate escape makes the line malformed")
    func loneSurrogates() {
        for escape in [#"\ud83d"#, #"\ude00"#, #"\ud83d\u0041"#] {
            let line = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"\#(escape)","user":"u","type":"back"}"#
            #expect(LineDecoding.outcome(line) == .skipped(.malformed), "\(escape)")
        }
    }

    @Test("non-string property values are kept as their compact JSON text")
    func nonStringPropertyValues() {
        let line = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back","properties":{"n":3,"f":-2.5e3,"t":true,"no":false,"z":null,"o":{ "a" : [1, "x"] }}}"#
        guard case .event(let event) = LineDecoding.outcome(line) else {
            Issue.record("line not read")
            return
        }
        #expect(event.properties == ["n": "3", "f": "-2.5e3", "t": "true", "no": "false", "z": "null", "o": #"{"a":[1,"x"]}"#])
    }

    @Test("timestamps with other fraction lengths or none are accepted")
    func timestampForms() {
        for (text, millis) in [("2026-11-22T09:30:00Z", 1_795_339_800_000), ("2026-11-22T09:30:00.1Z", 1_795_339_800_100),
                               ("2026-11-22T09:30:00.125999999Z", 1_795_339_800_125),
                               ("2026-11-22T10:30:00.125+01:00", 1_795_339_800_125), ("2026-11-22T09:30:00+00:00", 1_795_339_800_000)]
            as [(String, Int64)] {
            let line = #"{"schema":1,"time":"\#(text)","session":"s","user":"u","type":"back"}"#
            #expect(LineDecoding.outcome(line) == .event(FlowEvent(time: EventTimestamp(millisecondsSince1970: millis), session: "s", user: "u", type: .back)))
        }
    }

    @Test("nesting deeper than the parser's limit is malformed, not a crash")
    func deepNesting() {
        let depth = 100_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let line = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back","deep":\#(nested)}"#
        #expect(LineDecoding.outcome(line) == .skipped(.malformed))
        let withinLimit = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        let fine = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back","deep":\#(withinLimit)}"#
        #expect(LineDecoding.outcome(fine) != .skipped(.malformed))
    }

    @Test("huge numbers are kept as text in properties and make a schema unknown")
    func hugeNumbers() {
        let huge = String(repeating: "9", count: 5000)
        let property = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back","properties":{"n":\#(huge)e999999}}"#
        #expect(LineDecoding.outcome(property) == .event(FlowEvent(time: expected.time, session: "s", user: "u", type: .back, properties: ["n": huge + "e999999"])))
        let schema = #"{"schema":\#(huge),"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"back"}"#
        #expect(LineDecoding.outcome(schema) == .skipped(.unknownSchemaVersion))
    }

    @Test("the full parser reads canonical lines exactly as the fast scanner does")
    func fullParserAgreesOnCanonicalLines() {
        for event in EventCorpus.events(count: 500, seed: 11) {
            let line = LineDecoding.canonicalLine(event)
            #expect(LineDecoding.fullParserOutcome(line) == .event(event))
            if let scanned = LineDecoding.canonicalEvent(line) {
                #expect(scanned == event)
            }
        }
    }

    @Test("a corpus written canonically and written shuffled, spaced and escaped reads as the same events")
    func canonicalAndNoncanonicalAgree() {
        var writer = NoncanonicalLineWriter(seed: 3)
        let events = EventCorpus.events(count: 2000, seed: 5)
        var scannedCount = 0
        for event in events {
            let canonical = LineDecoding.canonicalLine(event)
            let other = writer.line(for: event)
            #expect(LineDecoding.outcome(canonical) == .event(event), "\(canonical)")
            #expect(LineDecoding.outcome(other) == .event(event), "\(other)")
            if LineDecoding.canonicalEvent(canonical) != nil { scannedCount += 1 }
        }
        // The corpus must exercise both paths: escapes send some canonical lines to the parser.
        #expect(scannedCount > events.count / 4)
        #expect(scannedCount < events.count)
    }
}
