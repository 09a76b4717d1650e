import FlowEvents
import Foundation
import Testing

@Suite("Writing events as JSON Lines")
struct JSONLineEncoderTests {
    private let event = FlowEvent(
        time: EventTimestamp(millisecondsSince1970: 1_795_339_800_125),
        session: "s-1", user: "u-42", experiment: "onboarding-order", variant: "signup-after-profile",
        type: .mutation, screen: nil, action: nil,
        properties: ["outcome": "failed", "operation": "create_account", "reason": "email_taken"]
    )

    @Test("one object per line, keys in schema order, properties sorted, nulls explicit")
    func canonicalLine() {
        #expect(JSONLineEncoder.line(for: event) == """
            {"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s-1","user":"u-42",\
            "experiment":"onboarding-order","variant":"signup-after-profile","type":"mutation",\
            "screen":null,"action":null,"properties":{"operation":"create_account","outcome":"failed",\
            "reason":"email_taken"}}

            """)
    }

    @Test("quotes, backslashes, newlines and control characters are escaped and round-trip through a JSON parser")
    func hostileStrings() throws {
        let hostile = "a\"b\\c\nd\re\tf\u{01}g\u{1F}h</script>é🚀"
        var tricky = event
        tricky.user = hostile
        tricky.screen = hostile
        tricky.properties = [hostile: hostile]
        let line = JSONLineEncoder.line(for: tricky)
        #expect(line.filter { $0 == "\n" }.count == 1, "exactly one newline: the line's end")
        let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["user"] as? String == hostile)
        #expect(object["screen"] as? String == hostile)
        #expect((object["properties"] as? [String: String]) == [hostile: hostile])
    }

    @Test("every field is readable by a standard JSON parser")
    func standardJSON() throws {
        let object = try #require(JSONSerialization.jsonObject(with: Data(JSONLineEncoder.line(for: event).utf8)) as? [String: Any])
        #expect(object["schema"] as? Int == 1)
        #expect(object["type"] as? String == "mutation")
        #expect(object["screen"] is NSNull)
        #expect(Set(object.keys) == ["schema", "time", "session", "user", "experiment", "variant", "type", "screen", "action", "properties"])
    }
}
