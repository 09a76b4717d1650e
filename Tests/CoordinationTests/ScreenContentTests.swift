import Coordination
import Testing

@Suite("Validating a user's choice against a screen")
struct ScreenContentTests {
    private let content = ScreenContent(
        title: "Profile",
        fields: [
            ScreenField(id: "name", label: "Name", value: "Ada"),
            ScreenField(id: "topics", label: "Topics", kind: .choice(options: ["a", "b"], allowsMultiple: true), isRequired: false),
        ],
        actions: [ScreenAction(id: "save", title: "Save", submitsForm: true), ScreenAction(id: "skip", title: "Skip")]
    )

    @Test("fields the user leaves out keep their displayed value")
    func keepsDisplayedValues() throws {
        #expect(try content.validate("save", fields: ["topics": "a, b"]) == ["name": "Ada", "topics": "a, b"])
    }

    @Test("values for every field are checked and returned as given")
    func everyFieldGiven() throws {
        #expect(try content.validate("save", fields: ["name": "Bo", "topics": "b"]) == ["name": "Bo", "topics": "b"])
        #expect(throws: ScreenInputError.missingField("name")) { try content.validate("save", fields: ["name": "", "topics": "b"]) }
        #expect(throws: ScreenInputError.invalidChoice(field: "topics", value: "c", options: ["a", "b"])) {
            try content.validate("save", fields: ["name": "Bo", "topics": "c"])
        }
    }

    @Test("of several fields refused, the first in display order is reported, and an unknown field before any, whatever the dictionary's order")
    func firstRefusalReported() throws {
        let form = ScreenContent(
            title: "Form",
            fields: (0..<12).map { ScreenField(id: "f\($0)", label: "F\($0)", kind: .choice(options: ["ok"], allowsMultiple: $0.isMultiple(of: 2))) },
            actions: [ScreenAction(id: "save", title: "Save", submitsForm: true)]
        )
        var values = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.id, "ok") })
        #expect(try form.validate("save", fields: values) == values)
        values["f9"] = ""
        values["f4"] = "ok, no"
        values["f7"] = "no"
        #expect(throws: ScreenInputError.invalidChoice(field: "f4", value: "no", options: ["ok"])) { try form.validate("save", fields: values) }
        values["f2"] = "nope"
        #expect(throws: ScreenInputError.invalidChoice(field: "f2", value: "nope", options: ["ok"])) { try form.validate("save", fields: values) }
        values["f0"] = ""
        #expect(throws: ScreenInputError.missingField("f0")) { try form.validate("save", fields: values) }
        values["f11"] = nil
        values["unknown"] = "ok"
        #expect(throws: ScreenInputError.unknownField("unknown", available: form.fields.map(\.id))) { try form.validate("save", fields: values) }
    }

    @Test("an unknown action is refused with the actions expected")
    func unknownAction() {
        #expect(throws: ScreenInputError.unknownAction("jump", available: ["save", "skip"])) {
            try content.validate("jump", fields: [:])
        }
    }

    @Test("an empty required field is refused when the form is submitted, not otherwise")
    func requiredFields() throws {
        #expect(throws: ScreenInputError.missingField("name")) { try content.validate("save", fields: ["name": ""]) }
        _ = try content.validate("skip", fields: ["name": ""])
    }

    @Test("a choice outside the options is refused, naming the options")
    func invalidChoice() {
        #expect(throws: ScreenInputError.invalidChoice(field: "topics", value: "c", options: ["a", "b"])) {
            try content.validate("save", fields: ["topics": "a,c"])
        }
    }

    @Test("an unknown field is refused")
    func unknownField() {
        #expect(throws: ScreenInputError.unknownField("age", available: ["name", "topics"])) {
            try content.validate("save", fields: ["age": "3"])
        }
    }

    @Test("multiple choices are split on commas and trimmed")
    func splitChoices() {
        #expect(ScreenField.splitChoices(" music , travel,,") == ["music", "travel"])
        #expect(ScreenField.splitChoices("").isEmpty)
        #expect(ScreenField.splitChoices(" , ,").isEmpty)
        #expect(ScreenField.splitChoices("a") == ["a"])
        #expect(ScreenField.splitChoices(",a b ,  ,café,ü") == ["a b", "café", "ü"])
    }
}
