import Experiments
import FlowEvents
import Foundation
import SampleApps
import Testing
import UserSimulation
import VariantHost

@Suite("Simulated shoppers' orders, as the log records them")
struct SimulatedOrderTests {
    /// A succeeded `place_order` of the log: the variant that placed it and its properties.
    struct PlacedOrder {
        let variant: String
        let properties: [String: String]
    }

    /// The checkout's bundled behaviour model.
    private static func behavior() throws -> BehaviorModel {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Configuration/checkout/behavior.json").standardized.path
        return try BehaviorModelLoader.load(contentsOf: path)
    }

    /// Alternates the two checkout flows by user index, so both get the same shoppers.
    private static func alternating(_ user: SyntheticUser) -> [SlotAssignment] {
        [SlotAssignment(slot: "checkout-flow", variant: user.index % 2 == 0 ? "multi-step-checkout" : "one-page-checkout", reason: .forced)]
    }

    /// The log of `users` simulated shoppers with `seed`.
    private static func simulate(users: Int, seed: UInt64) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let log = try JSONLinesFileSink(path: path)
        let registry = try VariantRegistry.registries(of: RegisteredApps.all).registry(forApp: "checkout")
        _ = try await Simulation(users: users, seed: seed, jobs: 2)
            .run(registry: registry, behavior: behavior(), assign: alternating, log: log)
        try log.flush()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The succeeded `place_order` mutations of `log`.
    private static func placedOrders(in log: String) throws -> [PlacedOrder] {
        try log.split(separator: "\n").compactMap { line in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let properties = try #require(event["properties"] as? [String: String])
            guard event["type"] as? String == "mutation", properties["operation"] == "place_order", properties["outcome"] == "succeeded" else {
                return nil
            }
            return PlacedOrder(variant: try #require(event["variant"] as? String), properties: properties)
        }
    }

    /// The number `key` holds in `order`, which the spec requires.
    private static func number(_ key: String, of order: PlacedOrder) throws -> Double {
        try EventPropertyNumber.read(key, in: order.properties).get()
    }

    /// The mean and its standard error.
    private static func meanAndError(_ values: [Double]) -> (mean: Double, error: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        return (mean, (variance / Double(values.count)).squareRoot())
    }

    @Test("every placed order logs its amount, its shipping and its items as numbers that add up to the store's prices")
    func amountsAreLogged() async throws {
        let orders = try Self.placedOrders(in: await Self.simulate(users: 600, seed: 33))
        #expect(orders.count > 300)
        for order in orders {
            let amount = try Self.number("amount_cents", of: order)
            let shipping = try Self.number("shipping_cents", of: order)
            let items = try Self.number("items", of: order)
            #expect(amount > 0)
            #expect(shipping == 0 || shipping == 800)
            // The basket is some bags of beans at $18.00 and mugs at $9.50, as many as the items.
            let basket = Int(amount - shipping)
            let count = Int(items)
            #expect((1...count).contains { beans in beans * 1800 + (count - beans) * 950 == basket }, "\(order.properties)")
        }
        // The behaviour model's basket sizes: 1 to 3 bags of beans and 0 to 3 mugs.
        #expect(Set(try orders.map { try Self.number("items", of: $0) }) == [1, 2, 3, 4, 5, 6])
    }

    @Test("one-page checkout's orders are worth about the planted $2.00 more: express shipping chosen 40% of the time against 15%")
    func plantedRevenueEffect() async throws {
        let orders = try Self.placedOrders(in: await Self.simulate(users: 6000, seed: 2026))
        func amounts(_ variant: String, _ key: String) throws -> [Double] {
            try orders.filter { $0.variant == variant }.map { try Self.number(key, of: $0) }
        }
        let multiStep = Self.meanAndError(try amounts("multi-step-checkout", "amount_cents"))
        let onePage = Self.meanAndError(try amounts("one-page-checkout", "amount_cents"))
        let difference = onePage.mean - multiStep.mean
        let error = (multiStep.error * multiStep.error + onePage.error * onePage.error).squareRoot()
        // The planted difference is 0.25 × 800 cents; the observed one lies within three standard errors of it, and clear of 0.
        #expect(abs(difference - 200) < 3 * error, "difference \(difference) ± \(error)")
        #expect(difference > 2 * error, "difference \(difference) ± \(error)")
        // Both flows get the same baskets: 4505 cents on average, 1.5 × 1800 + 1.9 × 950.
        for variant in ["multi-step-checkout", "one-page-checkout"] {
            let basket = zip(try amounts(variant, "amount_cents"), try amounts(variant, "shipping_cents")).map { $0 - $1 }
            let (mean, error) = Self.meanAndError(basket)
            #expect(abs(mean - 4505) < 3 * error, "\(variant) basket \(mean) ± \(error)")
        }
        let expressShares = try ["multi-step-checkout", "one-page-checkout"].map { variant in
            Self.meanAndError(try amounts(variant, "shipping_cents").map { $0 / 800 })
        }
        #expect(abs(expressShares[0].mean - 0.15) < 3 * expressShares[0].error, "\(expressShares[0])")
        #expect(abs(expressShares[1].mean - 0.40) < 3 * expressShares[1].error, "\(expressShares[1])")
    }

    @Test("the same seed gives the same log, amounts included")
    func deterministic() async throws {
        let first = try await Self.simulate(users: 300, seed: 5)
        let second = try await Self.simulate(users: 300, seed: 5)
        #expect(first == second)
        #expect(first.contains(#""amount_cents":""#))
    }
}
