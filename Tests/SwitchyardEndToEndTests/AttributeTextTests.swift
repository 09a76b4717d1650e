import Testing

/// Attribute text the reference SDKs would hash differently is refused, not repaired.
@Suite("Attributes on the command line")
struct AttributeTextTests {
    @Test("a lone surrogate in --attributes is refused with its column instead of being hashed as U+FFFD")
    func loneSurrogate() throws {
        let cli = try CLI()
        let result = try cli.run(["assign", "--config", Repository.experiments, "--user", "u-1", "--attributes", #"{"id": "\ud800"}"#])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--attributes is not valid JSON: line 1, column 9: lone UTF-16 surrogate \\ud800 is not Unicode text"))
    }
}
