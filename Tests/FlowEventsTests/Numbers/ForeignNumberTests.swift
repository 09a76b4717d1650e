import Testing
@testable import FlowEvents

@Suite("Numbers other tools write as JSON numbers rather than strings")
struct ForeignNumberTests {
    @Test("a property written as a JSON number reads as that number, and one of another JSON kind as not a number")
    func jsonNumbers() {
        let line = #"{"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s","user":"u","type":"mutation","properties":{"amount_cents":4599,"tip":-2.5e2,"big":1e400,"flag":true,"none":null,"list":[1],"text":"12.5"}}"#
        guard case .event(let event) = LineDecoding.outcome(line) else {
            Issue.record("line not read")
            return
        }
        #expect(EventPropertyNumber.read("amount_cents", in: event.properties) == .success(4599))
        #expect(EventPropertyNumber.read("tip", in: event.properties) == .success(-250))
        #expect(EventPropertyNumber.read("text", in: event.properties) == .success(12.5))
        #expect(EventPropertyNumber.read("big", in: event.properties) == .failure(.outOfRange))
        for key in ["flag", "none", "list"] {
            #expect(EventPropertyNumber.read(key, in: event.properties) == .failure(.notANumber), "\(key)")
        }
        #expect(EventPropertyNumber.read("missing", in: event.properties) == .failure(.absent))
    }
}
