import Coordination
import FlowEvents
import Foundation
import SampleApps
import SeededRandom
import Testing
@testable import UserSimulation
import VariantHost
import VariantKit

@Suite("Behaviour model: the values simulated users submit in a screen's fields")
struct BehaviorModelFieldTests {
    private func parse(_ json: String) throws(ModelFileError) -> BehaviorModel {
        try BehaviorModelLoader.parse(Data(json.utf8), file: "behavior.json")
    }

    /// The messages of the issues parsing `json` reports, as `path: message`.
    private func issues(_ json: String) -> [String] {
        do {
            _ = try parse(json)
            return []
        } catch {
            return error.issues.map { "\($0.path): \($0.message)" }
        }
    }

    /// A user numbered `index` behaving as `fields` says on the screen `form`, always continuing.
    private func user(_ index: Int, fields: [String: FieldValueDistribution], seed: UInt64 = 1, failing: Bool = false) -> SimulatedUser {
        let behavior = ScreenBehavior(probabilities: failing ? [.failValidation: 1] : [.continue: 1], thinkTime: .standard, fieldValues: fields)
        return SimulatedUser(
            index: index, behaviors: ["form": behavior],
            input: SyntheticInput(fields: ["quantity": .init(valid: "1", invalid: ["-1"]), "note": .init(valid: "app {user}")]),
            generator: SplitMix64(seed: seed, stream: 0), clock: SimulatedClock(start: EventTimestamp(millisecondsSince1970: 0))
        )
    }

    private func distribution(_ pairs: KeyValuePairs<String, Double>) -> FieldValueDistribution {
        FieldValueDistribution(pairs.map { .init(value: $0.key, probability: $0.value) })
    }

    @Test("a screen's fields are read as value distributions, sorted by value")
    func parses() throws {
        let model = try parse("""
            {"screens": {"cart": {"actions": {"continue": 1},
                                  "fields": {"quantity_mug": {"2": 0.5, "1": 0.25, "3": 0.25}, "speed": {"express": 1}}}}}
            """)
        let fields = try #require(model.screens["cart"]?.fieldValues)
        #expect(fields["quantity_mug"] == distribution(["1": 0.25, "2": 0.5, "3": 0.25]))
        #expect(fields["speed"] == distribution(["express": 1]))
    }

    @Test("mistakes in fields are reported at their JSON path, all at once", arguments: [
        (#""fields": [1]"#, "screens.cart.fields: expected an object of value distributions, by field identifier"),
        (#""fields": {"q": {"1": 0.5, "2": 0.4}}"#, "screens.cart.fields.q: probabilities sum to 0.9, expected 1"),
        (#""fields": {"q": {}}"#, "screens.cart.fields.q: expected an object of values and their probabilities"),
        (#""fields": {"q": 3}"#, "screens.cart.fields.q: expected an object of values and their probabilities"),
        (#""fields": {"q": {"1": "half", "2": 0.5}}"#, "screens.cart.fields.q.1: expected a number from 0 to 1"),
        (#""fields": {"q": {"1": 1.5, "2": -0.5}}"#, "screens.cart.fields.q.1: 1.5 is out of range; expected 0 to 1"),
    ])
    func mistakes(fields: String, expected: String) {
        let found = issues(#"{"screens": {"cart": {"actions": {"continue": 1}, \#(fields)}}}"#)
        #expect(found.contains(expected), "\(found)")
    }

    @Test("a mistake in a variant's fields names the variant")
    func variantPath() {
        let found = issues(#"{"screens": {}, "variants": {"v": {"cart": {"actions": {"continue": 1}, "fields": {"q": {"1": 2}}}}}}"#)
        #expect(found == ["variants.v.cart.fields.q.1: 2 is out of range; expected 0 to 1"])
    }

    @Test("a field the model names gets one of its values, the user's number filled in; the others keep the app's")
    func modelledValues() {
        var user = user(7, fields: ["note": distribution(["model {user}": 1])])
        guard case .perform("order", let fields) = user.nextTurn(on: OrderForm()) else { Issue.record("no form submitted"); return }
        #expect(fields["note"] == "model 7")
        #expect(fields["quantity"] == "1")
        #expect(["standard", "express", "drone"].contains(fields["speed"] ?? ""), "a choice the model leaves alone is one of its options")
    }

    @Test("a modelled choice field gets the model's values, not a uniform pick of its options")
    func modelledChoice() {
        for seed in 0..<50 {
            var user = user(1, fields: ["speed": distribution(["express": 1])], seed: UInt64(seed))
            guard case .perform(_, let fields) = user.nextTurn(on: OrderForm()) else { Issue.record("no form submitted"); return }
            #expect(fields["speed"] == "express")
        }
    }

    @Test("values are drawn by their probabilities")
    func frequencies() {
        var counts: [String: Int] = [:]
        for index in 0..<4000 {
            var user = user(index, fields: ["quantity": distribution(["1": 0.6, "2": 0.3, "3": 0.1])], seed: UInt64(index))
            if case .perform(_, let fields) = user.nextTurn(on: OrderForm()) { counts[fields["quantity"] ?? "", default: 0] += 1 }
        }
        // Within four standard errors of each probability, √(p(1-p)/4000) ≤ 0.008.
        #expect(abs(Double(counts["1", default: 0]) / 4000 - 0.6) < 0.032, "\(counts)")
        #expect(abs(Double(counts["2", default: 0]) / 4000 - 0.3) < 0.032, "\(counts)")
        #expect(abs(Double(counts["3", default: 0]) / 4000 - 0.1) < 0.032, "\(counts)")
    }

    @Test("a user failing validation submits the model's values but for one field broken with the app's invalid values")
    func failing() {
        var user = user(3, fields: ["speed": distribution(["express": 1])], failing: true)
        guard case .perform(_, let fields) = user.nextTurn(on: OrderForm()) else { Issue.record("no form submitted"); return }
        #expect(fields["speed"] == "express")
        #expect(fields["quantity"] == "-1")
    }

    @Test("a model without fields draws exactly as before: the same turns for the same seed")
    func unchangedWithoutFields() {
        for seed in 0..<20 {
            var withEmpty = user(2, fields: [:], seed: UInt64(seed))
            let behavior = ScreenBehavior(probabilities: [.continue: 1], thinkTime: .standard)
            var plain = SimulatedUser(
                index: 2, behaviors: ["form": behavior],
                input: SyntheticInput(fields: ["quantity": .init(valid: "1", invalid: ["-1"]), "note": .init(valid: "app {user}")]),
                generator: SplitMix64(seed: UInt64(seed), stream: 0), clock: SimulatedClock(start: EventTimestamp(millisecondsSince1970: 0))
            )
            #expect(withEmpty.nextTurn(on: OrderForm()) == plain.nextTurn(on: OrderForm()))
        }
    }
}

/// A form with two free-text fields and a choice, and a submitting action, `order`.
private final class OrderForm: Screen {
    let name = "form"
    let content = ScreenContent(
        title: "Order",
        fields: [
            ScreenField(id: "quantity", label: "Quantity", value: "1"),
            ScreenField(id: "note", label: "Note"),
            ScreenField(id: "speed", label: "Speed", kind: .choice(options: ["standard", "express", "drone"], allowsMultiple: false), value: "standard"),
        ],
        actions: [ScreenAction(id: "order", title: "Order", submitsForm: true)]
    )

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}

@Suite("Behaviour model fields checked against the flows")
struct BehaviorModelFieldFlowTests {
    private func checkoutRegistry() throws -> VariantRegistry {
        try VariantRegistry.registries(of: RegisteredApps.all).registry(forApp: "checkout")
    }

    private func model(_ json: String) throws -> BehaviorModel {
        try BehaviorModelLoader.parse(Data(json.utf8), file: "behavior.json")
    }

    @Test("a field no state of its screen shows, and a value a choice field does not offer, are errors at their paths")
    func unusable() throws {
        let model = try model("""
            {"screens": {
                "cart": {"actions": {"continue": 1}, "fields": {"quantity_kettle": {"1": 1}, "quantity_mug": {"2": 1}}},
                "shipping": {"actions": {"continue": 1}, "fields": {"shipping_speed": {"drone": 0.5, "express": 0.5}}},
                "confirmation": {"actions": {"continue": 1}, "fields": {"note": {"x": 1}}}
             },
             "variants": {"one-page-checkout": {"shipping_payment": {"actions": {"continue": 1}, "fields": {"shipping_speed": {"standard,express": 1}}}}}}
            """)
        let issues = model.unusableFieldValues(for: try checkoutRegistry()).map { "\($0.path): \($0.message)" }
        #expect(issues == [
            "screens.cart.fields.quantity_kettle: no cart screen any variant reaches has a field quantity_kettle; its fields: quantity_beans, quantity_mug",
            "screens.confirmation.fields.note: no confirmation screen any variant reaches has a field note; it has no fields",
            "screens.shipping.fields.shipping_speed.drone: not an option of the choice field shipping_speed; its options: express, standard",
            "variants.one-page-checkout.shipping_payment.fields.shipping_speed.standard,express: "
                + "not an option of the choice field shipping_speed; its options: express, standard",
        ])
    }

    @Test("the checkout's bundled model names only fields its screens show, with values they offer")
    func bundled() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Configuration/checkout/behavior.json").standardized.path
        let model = try BehaviorModelLoader.load(contentsOf: path)
        #expect(model.unusableFieldValues(for: try checkoutRegistry()).isEmpty)
        #expect(model.screens["shipping_payment"]?.fieldValues["shipping_speed"] != nil)
    }
}
