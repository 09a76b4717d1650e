import Coordination
import FlowMapping
import PlantedApps
import Testing
import VariantHost
import VariantKit

@Suite("Routes: read from text, checked against a map, replayed through the session API")
struct RouteTests {
    @Test("a route reads steps, input classes and back; a leading start is ignored, so printed paths are routes")
    func parsing() throws {
        let route = try FlowRoute(parsing: "start → next > submit[code=bad] > submit[valid] > back > save_profile[display_name= ]")
        #expect(route.steps == [
            .perform(action: "next", input: .none),
            .perform(action: "submit", input: .invalid(field: "code", value: "bad")),
            .perform(action: "submit", input: .valid),
            .back,
            .perform(action: "save_profile", input: .invalid(field: "display_name", value: " ")),
        ])
        #expect(route.description == "next > submit[code=bad] > submit[valid] > back > save_profile[display_name= ]")
        #expect(try FlowRoute(parsing: route.description) == route)
        #expect(try FlowRoute(parsing: "pay[card=a > b]").steps == [.perform(action: "pay", input: .invalid(field: "card", value: "a > b"))])
    }

    @Test("a malformed route is refused naming the step", arguments: [
        ("", "the route is empty; expected steps such as get_started > create_account[valid]"),
        ("  ", "the route is empty; expected steps such as get_started > create_account[valid]"),
        ("next > > submit", "step 2 \"\": the step is empty; expected an action, action[valid], action[field=value] or back"),
        ("next > submit[valid", "step 2 \"submit[valid\": expected ] at the end of the step"),
        ("submit[foo]", "step 1 \"submit[foo]\": expected [valid] or [field=value] after the action"),
        ("[valid]", "step 1 \"[valid]\": no action before ["),
        ("next]", "step 1 \"next]\": a ] without its ["),
    ])
    func malformed(text: String, message: String) {
        do {
            _ = try FlowRoute(parsing: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.message == message)
        }
    }

    private func trailMap() async throws -> FlowMap {
        try await MapFixtures.map(variants: [SoundTrail.self])
    }

    private func check(_ text: String, in map: FlowMap) throws -> RouteCheck {
        let registry = try VariantRegistry(app: TrailApp.self, variants: [SoundTrail.self])
        return RouteCheck(try FlowRoute(parsing: text), maps: map.maps, index: 0, app: TrailApp.self,
                          selection: VariantSelection(registry.combinationsCoveringEveryVariant[0]))
    }

    @Test("a route the map follows opens the flow at its screen")
    func follows() async throws {
        let map = try await trailMap()
        let opened = try check("next > submit[code=bad]", in: map)
        #expect(opened.failure == nil)
        #expect(opened.screen == "form")
        #expect(opened.reached == 3)
        let finished = try check("next > submit[valid] > confirm", in: map)
        #expect(finished.failure == nil && finished.screen == "review" && finished.reached == 4)
    }

    @Test("a route the variant cannot follow is refused at the step that fails, naming what the screen offers")
    func refused() async throws {
        let map = try await trailMap()
        let wrong = try check("next > confirm", in: map)
        #expect(wrong.failure?.step == 1)
        #expect(wrong.failure?.reason == "step 2 confirm after start → next: \"form\" offers no such turn; it offers: "
            + "submit[valid], submit[code=bad], back")
        let ended = try check("next > submit[valid] > confirm > back", in: map)
        #expect(ended.failure?.step == 3)
        #expect(ended.failure?.reason.hasSuffix("the flow has already ended (completed)") == true)
        let backless = try check("back", in: map)
        #expect(backless.failure?.reason == "step 1 back after start: \"intro\" offers no such turn; it offers: next")
    }

    @Test("the session API follows a route to open a flow at a screen, and refuses a step it cannot take")
    func replay() throws {
        let registry = try VariantRegistry(app: TrailApp.self, variants: [SoundTrail.self])
        let selection = VariantSelection(registry.combinationsCoveringEveryVariant[0])
        let session = FlowSession(root: try TrailApp.makeRootCoordinator(for: selection, navigator: Navigator()))
        session.start()
        try FlowRoute(parsing: "next > submit[code=bad]").follow(in: session, input: TrailApp.syntheticInput)
        #expect(session.visibleScreen?.name == "form")
        #expect(session.visibleScreen?.content.error == "wrong code")

        let fresh = FlowSession(root: try TrailApp.makeRootCoordinator(for: selection, navigator: Navigator()))
        fresh.start()
        do {
            try FlowRoute(parsing: "next > help").follow(in: fresh, input: TrailApp.syntheticInput)
            Issue.record("an action the form does not offer was followed")
        } catch {
            #expect(error.step == 1)
            #expect(error.message == "step 2 help: \"form\" offers no action \"help\"; it offers: submit, back")
        }
        #expect(fresh.visibleScreen?.name == "form")
    }

    @Test("a deep link's values can come from the app rather than synthetic input")
    func appValues() throws {
        let registry = try VariantRegistry(app: TrailApp.self, variants: [SoundTrail.self])
        let session = FlowSession(root: try TrailApp.makeRootCoordinator(
            for: VariantSelection(registry.combinationsCoveringEveryVariant[0]), navigator: Navigator()))
        session.start()
        try FlowRoute(parsing: "next > submit[valid]").follow(in: session) { step, content in
            content.fields.contains { $0.id == "code" } ? ["code": "ok"] : [:]
        }
        #expect(session.visibleScreen?.name == "review")
    }
}
