import Experiments
import FlowEvents
import Testing

@Suite("Limits agree across modules")
struct LimitAgreementTests {
    @Test("a config name may be as long as an event field, no longer: validation and the writer hold the same limit")
    func configNamesFitEventFields() {
        #expect(ConfigLimits.maximumNameBytes == FlowEventLimits.maximumFieldBytes)
    }
}
