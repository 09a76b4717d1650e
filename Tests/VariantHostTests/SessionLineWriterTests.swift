import Coordination
import Experiments
import FlowEvents
import Testing
@testable import VariantHost

@Suite("Session recorder writing lines itself")
struct SessionLineWriterTests {
    /// Every kind of assignment and signal, with text that needs escaping and a slot assigned twice.
    private let assignments = [
        SlotAssignment(slot: "z-slot", variant: "first", reason: .forced),
        SlotAssignment(
            slot: "auth-flow", variant: "signup-after-profile",
            reason: .experiment(key: "onboarding-order", variationIndex: 1, hashAttribute: "id", hashValue: "u\"1", bucket: 0.5321)
        ),
        SlotAssignment(slot: "app-shell", variant: "tablet", reason: .rule(index: 3)),
        SlotAssignment(slot: "extra", variant: "x", reason: .forcedByConfig(key: "exp\n2", variationIndex: 0)),
        SlotAssignment(slot: "z-slot", variant: "second", reason: .default),
    ]

    private let signals: [FlowSignal] = [
        FlowSignal(kind: .screenShown(screen: "welcome"), coordinator: "Shell", variant: "tablet"),
        FlowSignal(kind: .action(screen: "welcome", action: "get_started"), coordinator: "Shell", variant: "tablet"),
        FlowSignal(kind: .childStarted(child: "Auth"), coordinator: "Shell", variant: "tablet"),
        FlowSignal(kind: .screenShown(screen: "sign\\up"), coordinator: "Auth", variant: "signup-after-profile"),
        FlowSignal(kind: .mutation(operation: "create_account", outcome: .failed(reason: "email_taken")), coordinator: "Auth", variant: "signup-after-profile"),
        FlowSignal(kind: .mutation(operation: "create_account", outcome: .succeeded), coordinator: "Auth", variant: "signup-after-profile"),
        FlowSignal(
            kind: .mutation(operation: "place_order", outcome: .succeeded, values: ["amount_cents": 4599, "items": 3, "a\"b": -0.5, "zz": .integer(.min)]),
            coordinator: "Auth", variant: "signup-after-profile"
        ),
        FlowSignal(
            kind: .mutation(operation: "place_order", outcome: .failed(reason: "card_declined"), values: ["amount_cents": 4599, "outcome": 1]),
            coordinator: "Auth", variant: "signup-after-profile"
        ),
        FlowSignal(kind: .back(from: "sign\\up", to: "welcome"), coordinator: "Auth", variant: "signup-after-profile"),
        FlowSignal(kind: .back(from: "welcome", to: nil), coordinator: "Shell", variant: nil),
        FlowSignal(kind: .childFinished(child: "Auth", reason: .navigatedBack), coordinator: "Shell", variant: "x"),
        FlowSignal(kind: .flowCompleted(screen: nil), coordinator: "Shell", variant: "unknown"),
        FlowSignal(kind: .flowAbandoned(screen: "home"), coordinator: "Shell", variant: "tablet"),
    ]

    /// A clock that stays in the same second for a while, then jumps, and once goes before 1970.
    private final class UnevenClock: EventClock {
        private var readings: [Int64] = [
            1_795_339_800_000, 1_795_339_800_000, 1_795_339_800_009, 1_795_339_800_999, 1_795_339_801_000,
            1_795_339_801_050, 1_795_339_861_050, -1, -1_000, -999, 1_795_426_200_001, 1_795_426_200_010,
            253_402_300_800_000, 253_402_300_800_001, 1_795_339_800_000, 1_795_339_800_100, 1_795_339_800_200,
        ]
        private var next = 0

        func now() -> EventTimestamp {
            defer { next += 1 }
            return EventTimestamp(millisecondsSince1970: readings[next % readings.count])
        }
    }

    @Test("lines are byte-identical to encoding the events a plain sink receives")
    func matchesEncoder() {
        let plain = InMemoryEventSink()
        let buffer = EncodedEventBuffer(capacity: 0)
        let session = "s-\"1\"\u{2028}", user = "u\t1\u{85}·"
        let recorders = [
            SessionRecorder(session: session, user: user, assignments: assignments, sink: plain, clock: UnevenClock()),
            SessionRecorder(session: session, user: user, assignments: assignments, encodingInto: buffer, clock: UnevenClock()),
        ]
        for recorder in recorders {
            recorder.recordStart(of: assignments)
            for signal in signals { recorder.record(signal) }
            recorder.flush()
        }
        var expected: [UInt8] = []
        for event in plain.events { JSONLineEncoder.append(event, to: &expected) }
        #expect(buffer.eventCount == plain.events.count)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test("sessions sharing a buffer, whose lines' tails are encoded once for all, write what a plain sink's events encode to")
    func sharedTails() {
        // The same parts in different layouts (back with and without a screen revealed, a mutation succeeding and
        // failing), the same names under different attributions, and a session that meets them in another order.
        let more = signals + [
            FlowSignal(kind: .back(from: "welcome", to: "welcome"), coordinator: "Shell", variant: nil),
            FlowSignal(kind: .mutation(operation: "create_account", outcome: .failed(reason: "weak_password")), coordinator: "Auth", variant: "signup-after-profile"),
            FlowSignal(kind: .screenShown(screen: "welcome"), coordinator: "Shell", variant: "signup-after-profile"),
            FlowSignal(kind: .childFinished(child: "Auth", reason: .finished), coordinator: "Shell", variant: "x"),
            FlowSignal(kind: .childStarted(child: "Auth"), coordinator: "Other", variant: "tablet"),
        ]
        let sessions = [more, more.reversed(), more + more]
        let plain = InMemoryEventSink()
        let buffer = EncodedEventBuffer(capacity: 0)
        for (index, signals) in sessions.enumerated() {
            let recorders = [
                SessionRecorder(session: "s-\(index)", user: "u\(index)", assignments: assignments, sink: plain, clock: UnevenClock()),
                SessionRecorder(session: "s-\(index)", user: "u\(index)", assignments: assignments, encodingInto: buffer, clock: UnevenClock()),
            ]
            for recorder in recorders {
                recorder.recordStart(of: assignments)
                for signal in signals { recorder.record(signal) }
                recorder.flush()
            }
        }
        var expected: [UInt8] = []
        for event in plain.events { JSONLineEncoder.append(event, to: &expected) }
        #expect(buffer.eventCount == plain.events.count)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test("a session start whose properties were encoded once, for an earlier session, is written as a fresh one")
    func reusedStartProperties() {
        let attributes: Attributes = ["id": "u1", "deviceClass": "tablet", "locale": "de\"DE", "app-shell": "x", "beta": true]
        let plain = InMemoryEventSink()
        let fresh = SessionRecorder(session: "s-1", user: "u1", assignments: assignments, sink: plain, clock: UnevenClock())
        fresh.recordStart(of: assignments, attributes: attributes)
        var expected: [UInt8] = []
        for event in plain.events { JSONLineEncoder.append(event, to: &expected) }

        var startProperties: [UInt8]?
        for _ in 0..<2 {
            let buffer = EncodedEventBuffer(capacity: 0)
            let recorder = SessionRecorder(session: "s-1", user: "u1", assignments: assignments, encodingInto: buffer, clock: UnevenClock())
            recorder.recordStart(of: assignments, attributes: attributes, startProperties: &startProperties)
            #expect(startProperties != nil)
            #expect(buffer.eventCount == plain.events.count)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        }
    }

    @Test("every event type's name is written as its raw value, and seq after the session when the event has one")
    func typeNames() {
        for (index, type) in FlowEvents.EventType.allCases.enumerated() {
            let sequence = index.isMultiple(of: 2) ? index * 1_000 : nil
            let event = FlowEvent(time: EventTimestamp(millisecondsSince1970: 0), session: "s", sequence: sequence, user: "u", type: type)
            let writer = SessionLineWriter(session: "s", user: "u")
            let line = LineBuffer(capacity: 0)
            writer.append(
                to: line, time: event.time, sequence: sequence, type: type,
                attribution: writer.attribution(experiment: nil, variant: nil),
                screen: nil, action: nil, properties: { _ in }
            )
            let text = String(decoding: line.bytes, as: UTF8.self)
            #expect(text == JSONLineEncoder.line(for: event))
            #expect(text.contains(#""session":"s","user":"u""#) == (sequence == nil))
            if let sequence { #expect(text.contains(#""session":"s","seq":\#(sequence),"user":"u""#)) }
        }
    }

    @Test(
        "a character that needs escaping, or is not ASCII, is handled wherever it stands in a string",
        arguments: ["\"", "\\", "\n", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{2030}", "é", "😀"]
    )
    func escapingAtEveryPosition(special: String) {
        for position in 0..<25 {
            let text = String(repeating: "a", count: position) + special + String(repeating: "b", count: 24 - position)
            let line = LineBuffer(capacity: 1)
            line.appendJSONString(text)
            var expected: [UInt8] = []
            JSONLineEncoder.appendString(text, to: &expected)
            #expect(line.bytes == expected, "\(special.unicodeScalars.map { String($0.value, radix: 16) }) at \(position)")
        }
    }

    @Test("strings are escaped as the encoder escapes them, however much the buffer grows")
    func escaping() {
        let texts = [
            "", "plain", "quote\" backslash\\ slash/", "tab\t cr\r lf\n", "café ü 😀 \u{7F}",
            String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self), String(repeating: "\u{01}x", count: 500),
        ]
        let line = LineBuffer(capacity: 1)
        var expected: [UInt8] = []
        for text in texts {
            line.appendJSONString(text)
            line.appendJSONStringOrNull(nil)
            JSONLineEncoder.appendString(text, to: &expected)
            expected.append(contentsOf: "null".utf8)
        }
        #expect(line.bytes == expected)
    }
}
