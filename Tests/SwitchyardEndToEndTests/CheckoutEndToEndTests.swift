import Foundation
import SampleApps
import VariantKit
import Testing

/// Paths of the checkout app's bundled files, for tests that run the CLI elsewhere.
enum CheckoutConfiguration {
    static let experiments = Repository.root.appendingPathComponent("Configuration/checkout/experiments.json").path
    static let behavior = Repository.root.appendingPathComponent("Configuration/checkout/behavior.json").path
}

/// Scripted answers for the checkout screens, one line per prompt.
private enum CheckoutAnswers {
    /// Checks out keeping the quantities shown.
    static let checkout = "1\n\n\n"
    static let address = "Ada Lovelace\n12 Main Street\nSpringfield\n12345\n"
    /// Keeps the shipping speed shown: standard.
    static let speed = "\n"
    static let card = "4242 4242 4242 4242\n123\n"
    static let declinedCard = "4000 0000 0000 0002\n123\n"
    /// Submits the one-page form.
    static let shipAndPay = "1\n" + address + speed + card
    /// Submits the shipping form, then the payment form.
    static let shipThenPay = "1\n" + address + speed + "1\n" + card
}

@Suite("switchyard with the checkout app", .serialized)
struct CheckoutEndToEndTests {
    @Test("a piped walk through one-page-checkout completes and logs the order placed, attributed to the variant")
    func onePageCheckout() throws {
        let cli = try CLI()
        let result = try cli.run(
            ["run", "--app", "checkout", "--variant", "one-page-checkout"],
            input: CheckoutAnswers.checkout + CheckoutAnswers.shipAndPay
        )
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("== Checkout ==  [shipping_payment]"))
        #expect(result.standardOutput.contains("Flow completed on confirmation. Events appended to events.jsonl."))
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        let screens = events.filter { $0["type"] as? String == "screen_shown" }.compactMap { $0["screen"] as? String }
        #expect(screens == ["cart", "shipping_payment", "confirmation"])
        let mutations = events.filter { $0["type"] as? String == "mutation" }.compactMap { event in
            (event["properties"] as? [String: Any])?["operation"] as? String
        }
        #expect(mutations == ["update_cart", "start_payment", "set_shipping_address", "place_order"])
        let placed = events.last { ($0["properties"] as? [String: Any])?["operation"] as? String == "place_order" }
        let properties = try #require(placed?["properties"] as? [String: String])
        #expect(properties["amount_cents"] == "3700" && properties["shipping_cents"] == "0" && properties["items"] == "3")
        #expect(events.last?["type"] as? String == "flow_completed")
        #expect(events.dropFirst().allSatisfy { $0["variant"] as? String == "one-page-checkout" })
    }

    @Test("a declined card is shown to the person walking multi-step-checkout, who goes back, forward, and pays with another card")
    func multiStepWithDeclineAndBack() throws {
        let cli = try CLI()
        let answers = CheckoutAnswers.checkout + CheckoutAnswers.shipThenPay.replacingOccurrences(of: CheckoutAnswers.card, with: CheckoutAnswers.declinedCard)
            + "b\n" + "1\n\n\n\n\n" + CheckoutAnswers.speed + "1\n" + CheckoutAnswers.card
        let result = try cli.run(["run", "--app", "checkout", "--variant", "multi-step-checkout"], input: answers)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("! Your card was declined. Try another card."))
        #expect(result.standardOutput.contains("Flow completed on confirmation."))
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        let screens = events.filter { $0["type"] as? String == "screen_shown" }.compactMap { $0["screen"] as? String }
        #expect(screens == ["cart", "shipping", "payment", "shipping", "payment", "confirmation"])
        let failures = events.compactMap { event -> String? in
            guard let properties = event["properties"] as? [String: Any], properties["outcome"] as? String == "failed" else { return nil }
            return properties["reason"] as? String
        }
        #expect(failures == ["card_declined"])
    }

    @Test("variants lists every registered variant, grouped by app, slots in the app's order")
    func variantsListsEveryApp() throws {
        let result = try CLI().run(["variants"])
        #expect(result.status == 0, "\(result.standardError)")
        var lines = result.standardOutput.split(separator: "\n")
        try #require(lines.count > 1)
        let rule = lines.remove(at: 1)
        #expect(rule.allSatisfy { $0 == "-" || $0 == " " }, "a rule under the header")
        let rows = lines.map {
            $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " ")
        }
        var expected = ["APP SLOT VARIANT"]
        for registered in RegisteredApps.all.sorted(by: { $0.app.name < $1.app.name }) {
            for slot in registered.app.slots {
                let ids = registered.variants.filter { $0.slot == slot.id }.map { $0.id }.sorted()
                expected += ids.map { "\(registered.app.name) \(slot.id) \($0)" }
            }
        }
        #expect(rows == expected)
        #expect(rows.contains("checkout checkout-flow one-page-checkout"))
    }

    @Test("the bundled checkout config validates, and a simulation of it reports the planted one-page effect")
    func simulateAndReport() throws {
        let cli = try CLI()
        let validation = try cli.run(["validate", "--config", CheckoutConfiguration.experiments])
        #expect(validation.status == 0, "\(validation.standardError)")
        #expect(validation.standardOutput.contains("valid for checkout (1 slot, 0 rules, 1 experiment)"))

        let simulation = try cli.run([
            "simulate", "--users", "6000", "--config", CheckoutConfiguration.experiments,
            "--behavior", CheckoutConfiguration.behavior, "--events", "checkout.jsonl",
        ])
        #expect(simulation.status == 0, "\(simulation.standardError)")
        let report = try cli.run(["report", "checkout.jsonl", "--config", CheckoutConfiguration.experiments])
        #expect(report.status == 0, "\(report.standardError)")
        #expect(report.standardOutput.contains("Experiment checkout-layout (control: multi-step-checkout)"))
        #expect(report.standardOutput.contains("Verdict: one-page-checkout converts"))
        #expect(report.standardOutput.contains("better than multi-step-checkout"))
        #expect(report.standardOutput.contains("Reached payment step"))
    }
}

@Suite("switchyard with several apps: which app a command runs")
struct AppChoiceTests {
    @Test("a config without an app, and no --app, is refused naming the apps; --app picks one")
    func configWithoutApp() throws {
        let cli = try CLI()
        let text = try String(contentsOfFile: Repository.experiments, encoding: .utf8)
            .replacingOccurrences(of: "\"app\": \"onboarding\",", with: "")
        try text.write(toFile: cli.path("anonymous.json"), atomically: true, encoding: .utf8)
        let refused = try cli.run(["validate", "--config", "anonymous.json"])
        #expect(refused.status != 0)
        let names = RegisteredApps.all.map { $0.app.name }.sorted().joined(separator: ", ")
        #expect(refused.standardError == "Error: several apps are registered (\(names)): choose one with --app\n")
        let chosen = try cli.run(["validate", "--app", "onboarding", "--config", "anonymous.json"])
        #expect(chosen.status == 0, "\(chosen.standardError)")
    }

    @Test("a config names its app, so --config alone is enough; a config of another app than --app is refused at its app key")
    func configNamesItsApp() throws {
        let cli = try CLI()
        let alone = try cli.run(["assign", "--user", "u-1", "--config", Repository.experiments])
        #expect(alone.status == 0, "\(alone.standardError)")
        #expect(alone.standardOutput.hasPrefix("user u-1 of onboarding"))
        let mismatched = try cli.run(["assign", "--app", "checkout", "--user", "u-1", "--config", Repository.experiments])
        #expect(mismatched.status != 0)
        #expect(mismatched.standardError.contains("app: the config is for app \"onboarding\", not \"checkout\""))
    }

    @Test("run finds the app from its --variant ids; an id no app has is named")
    func appFromVariants() throws {
        let cli = try CLI()
        let unknown = try cli.run(["run", "--variant", "watch"])
        #expect(unknown.standardError == "Error: unknown variant \"watch\" in --variant: no app has it (see switchyard variants)\n")
        let found = try cli.run(["run", "--variant", "tablet", "--events", "e.jsonl"], input: "q\n")
        #expect(found.standardOutput.contains("app-shell=tablet (forced)"), "\(found.standardError)")
    }
}
