import Testing
import FlowEvents

@Suite("FlowEvent's storage")
struct FlowEventLayoutTests {
    @Test("an event is at most 128 bytes, which the compiler copies inline rather than through memcpy")
    func eventFitsInlineCopies() {
        #expect(MemoryLayout<FlowEvent>.size <= 128)
    }

    @Test("a schema version is kept as given within Int32, and beyond it as Int32's nearest bound")
    func schemaVersionRange() {
        func event(schema: Int) -> FlowEvent {
            FlowEvent(schemaVersion: schema, time: EventTimestamp(millisecondsSince1970: 0), session: "s", user: "u", type: .action)
        }
        #expect(event(schema: 1).schemaVersion == 1)
        #expect(event(schema: 0).schemaVersion == 0)
        #expect(event(schema: -7).schemaVersion == -7)
        #expect(event(schema: Int.max).schemaVersion == Int(Int32.max))
        #expect(event(schema: Int.min).schemaVersion == Int(Int32.min))
        var changed = event(schema: 1)
        changed.schemaVersion = 2
        #expect(changed.schemaVersion == 2)
        #expect(changed != event(schema: 1))
    }
}
