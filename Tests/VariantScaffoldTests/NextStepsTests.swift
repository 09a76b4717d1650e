import Foundation
import Testing
@testable import VariantScaffold

@Suite("add-variant's next steps read the config: an experiment that already lists the new id is not asked to list it")
struct NextStepsTests {
    private func added(withConfig config: String) throws -> String {
        let fixture = try ScaffoldFixture()
        defer { fixture.delete() }
        try fixture.write("Package/Configuration/onboarding/experiments.json", config)
        return try fixture.add("signup-with-link")
    }

    @Test("an experiment on the slot that lists the id already: the step is only the check")
    func alreadyListed() throws {
        let output = try added(withConfig: #"""
            {"experiments": [{"key": "order", "slot": "auth-flow", "variations": ["signup-after-profile", "signup-with-link"]}]}
            """#)
        #expect(output.contains(
            "2. experiment order in Configuration/onboarding/experiments.json already lists \"signup-with-link\"; check it: swift run switchyard validate"
        ), "\(output)")
        #expect(!output.contains("add \"signup-with-link\""), "\(output)")
    }

    @Test("an experiment on the slot that does not list it yet is named")
    func notListed() throws {
        let output = try added(withConfig: #"""
            {"experiments": [{"key": "order", "slot": "auth-flow", "variations": ["signup-after-profile"]}]}
            """#)
        #expect(output.contains(
            "2. add \"signup-with-link\" to the variations of experiment order in Configuration/onboarding/experiments.json, then: swift run switchyard validate"
        ), "\(output)")
    }
}
