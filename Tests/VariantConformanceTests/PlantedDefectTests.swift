import Coordination
import PlantedApps
import Testing
import VariantConformance
import VariantKit

@Suite("The conformance suite reports each planted defect, naming the variant")
struct PlantedDefectTests {
    private func failures(of variant: any FlowVariant.Type) async -> [ConformanceFailure] {
        let report = await VariantConformance.check(RegisteredApp(app: DefectiveApp.self, variants: [SoundFlow.self, variant]))
        return report.failures
    }

    @Test("a sound variant passes every check")
    func soundVariantPasses() async {
        let report = await VariantConformance.check(RegisteredApp(app: DefectiveApp.self, variants: [SoundFlow.self]))
        #expect(report.passed, "\(report)")
        #expect(report.statesExplored >= 3)
    }

    @Test("a coordinator made around ChosenVariant logs events without their variant")
    func unlabelledEvents() async {
        let found = await failures(of: UnlabelledFlow.self)
        #expect(found.contains { $0.check == .variantOnEvents && $0.variants == ["unlabelled"] && $0.message.contains("with no variant") })
        #expect(found.allSatisfy { $0.variants == ["unlabelled"] }, "the sound default passes: \(found)")
    }

    @Test("a screen the app does not declare is named")
    func undeclaredScreen() async {
        let found = await failures(of: UndeclaredScreenFlow.self)
        #expect(found.contains { $0.check == .screenNames && $0.message.contains("\"secret\"") && $0.message.contains("next[valid]") })
    }

    @Test("a flow no path finishes is reported")
    func noFinish() async {
        let found = await failures(of: EndlessFlow.self)
        #expect(found.contains { $0.check == .finishReachable && $0.variants == ["endless"] })
    }

    @Test("a child left running on a screen the user returns to is reported with the path that shows it")
    func leakedCoordinator() async {
        let found = await failures(of: LeakyFlow.self)
        #expect(found.contains { $0.check == .noCoordinatorLeft && $0.message.contains("refresh") })
    }

    @Test("duplicate variant ids are a registry failure naming both types")
    func duplicateIDs() async {
        let report = await VariantConformance.check(RegisteredApp(app: DefectiveApp.self, variants: [SoundFlow.self, SoundFlow.self]))
        #expect(report.failures.map(\.check) == [.registry])
        #expect(report.failures.first?.message.contains("SoundFlow") == true)
    }

    @Test("invalid values for a field no screen shows are reported")
    func unreachableFailurePath() async {
        let report = await VariantConformance.check(RegisteredApp(app: MistypedInputApp.self, variants: [SoundFlow.self]))
        #expect(report.failures.map(\.check) == [.failurePathsReachable], "\(report)")
        #expect(report.failures.first?.message.contains("\"pin\"") == true)
    }
}

/// The defective app with invalid values declared for a field no screen has.
private enum MistypedInputApp: HostedApp {
    static let name = "mistyped"
    static var slots: [AppSlot] { DefectiveApp.slots }
    static var screenNames: [String] { DefectiveApp.screenNames }
    static let syntheticInput = SyntheticInput(fields: ["code": .init(valid: "ok"), "pin": .init(valid: "1", invalid: ["x"])])

    static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        try DefectiveApp.makeRootCoordinator(for: selection, navigator: navigator)
    }
}
