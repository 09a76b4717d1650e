import Experiments
import Testing

/// Names a config gives are logged in events, so they are held to the length of an event field.
@Suite("Config names no longer than an event field")
struct NameLengthValidationTests {
    static let tooLong = String(repeating: "k", count: ConfigLimits.maximumNameBytes + 1)
    static let longest = String(repeating: "é", count: ConfigLimits.maximumNameBytes / 2)

    @Test("an experiment key, hash attribute or slot id longer than the limit is refused with its path, not its text")
    func longNamesRefused() {
        let experiment = """
            {"key": "\(Self.tooLong)", "slot": "auth-flow", "hashAttribute": "\(Self.tooLong)",
             "variations": ["signup-before-profile", "signup-after-profile"]}
            """
        let slots = #"[{"id": "app-shell", "default": "phone"}, {"id": "auth-flow", "default": "signup-before-profile"}, "#
            + #"{"id": "\#(Self.tooLong)", "default": "phone"}]"#
        let issues = ConfigFixture.issues(ConfigFixture.document(slots: slots, experiments: [experiment]))
        let message = "\(ConfigLimits.maximumNameBytes + 1) bytes long; at most \(ConfigLimits.maximumNameBytes), as it is logged in events"
        #expect(issues.contains("slots[2].id: \(message)"))
        #expect(issues.contains("experiments[0].key: \(message)"))
        #expect(issues.contains("experiments[0].hashAttribute: \(message)"))
    }

    @Test("a key of exactly the limit in UTF-8 bytes is accepted")
    func longestKeyAccepted() {
        let experiment = """
            {"key": "\(Self.longest)", "slot": "auth-flow", "variations": ["signup-before-profile", "signup-after-profile"]}
            """
        #expect(ConfigFixture.issues(experiment: experiment).isEmpty)
    }
}
