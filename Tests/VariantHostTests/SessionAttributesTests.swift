import Experiments
import FlowEvents
import Testing
@testable import VariantHost

@Suite("Session attributes: what session_started says about the user")
struct SessionAttributesTests {
    @Test("strings, numbers and booleans are logged as text; id, a slot's name, arrays, objects and overlong values are not")
    func whichAttributes() throws {
        let attributes = try #require(try JSONParser.parse("""
            {"id": "u-1", "deviceClass": "tablet", "age": 41, "beta": true, "auth-flow": "x", "tags": ["a"],
             "address": {"city": "Oslo"}, "long": "\(String(repeating: "x", count: FlowEventLimits.maximumFieldBytes + 1))"}
            """).objectValue)
        let logged = SessionAttributes.logged(attributes, besideSlots: [("app-shell", "phone"), ("auth-flow", "y")])
        #expect(logged.map(\.key) == ["age", "beta", "deviceClass"])
        #expect(logged.map(\.value) == ["41", "true", "tablet"])
    }

    @Test("with the slots, no more than the event's property limit are logged")
    func propertyLimit() {
        var attributes = Attributes()
        for index in 0..<100 { attributes["a\(index)"] = .string("v") }
        let logged = SessionAttributes.logged(attributes, besideSlots: [("app-shell", "phone"), ("auth-flow", "y")])
        #expect(logged.count == FlowEventLimits.maximumProperties - 2)
    }
}
