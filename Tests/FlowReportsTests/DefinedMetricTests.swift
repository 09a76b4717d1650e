import FlowEvents
@testable import FlowReports
import Testing

/// Metrics a team defines, measured per user from a small log whose every value is worked out by hand.
@Suite("Report mode: metrics a team defines")
struct DefinedMetricTests {
    static let order = EventMatcher(type: .mutation, properties: ["operation": "place_order", "outcome": "succeeded"])
    static let definitions: [String: MetricDefinition] = [
        "revenue": MetricDefinition(id: "revenue", name: "Revenue", kind: .mean(MetricValue(events: order, property: "amount")), direction: .higherIsBetter),
        "orders": MetricDefinition(id: "orders", name: "Orders", kind: .mean(MetricValue(events: order)), direction: .higherIsBetter),
        "buyers": MetricDefinition(id: "buyers", name: "Buyers", kind: .proportion(order), direction: .higherIsBetter),
        "order-value": MetricDefinition(id: "order-value", name: "Order value", kind: .ratio(numerator: "revenue", denominator: "orders"), direction: .higherIsBetter),
        "checkout-time": MetricDefinition(
            id: "checkout-time", name: "Checkout time", kind: .duration(start: .event(.screenShown("cart")), end: EventMatcher(type: .flowCompleted)),
            direction: .lowerIsBetter
        ),
        "median-order": MetricDefinition(id: "median-order", name: "Median order", kind: .quantile(of: "revenue", level: 0.5), direction: .higherIsBetter),
        "early-orders": MetricDefinition(
            id: "early-orders", name: "Orders in the first 10 s", kind: .mean(MetricValue(events: order)), direction: .higherIsBetter,
            windowMilliseconds: 10_000
        ),
        "capped-revenue": MetricDefinition(
            id: "capped-revenue", name: "Capped revenue", kind: .mean(MetricValue(events: order, property: "amount")), direction: .higherIsBetter,
            cap: .absolute(50)
        ),
    ]

    static func options(metrics: [String]) -> ReportOptions {
        ReportOptions(experiments: [
            "shop": ExperimentAnalysisPlan(
                variations: ["A", "B"],
                funnel: FunnelDefinition(steps: [FunnelStep(name: "cart", matcher: .screenShown("cart"))], conversionWindowSeconds: 60,
                                         goal: EventMatcher(type: .flowCompleted)),
                secondaryMetrics: metrics, metricDefinitions: definitions
            ),
        ])
    }

    /// A: a1 orders 30 then 70 and completes 20 s after the cart; a2 orders nothing; a3 orders 15 at 12 s, with an
    /// amount that is not a number on a second order. B: b1 orders 40 once; b2 orders 200 once (capped to 50).
    static var log: [FlowEvent] {
        var script = EventScript()
        func order(_ user: String, at seconds: Double, amount: String) {
            script.add(.mutation, user: user, at: seconds, properties: ["operation": "place_order", "outcome": "succeeded", "amount": amount])
        }
        for (user, variant) in [("a1", "A"), ("a2", "A"), ("a3", "A"), ("b1", "B"), ("b2", "B")] {
            script.expose(user, to: variant, in: "shop", at: 0)
            script.show("cart", to: user, at: 1)
        }
        order("a1", at: 2, amount: "30")
        order("a1", at: 5, amount: "70")
        script.add(.flowCompleted, user: "a1", at: 21)
        order("a3", at: 12, amount: "15")
        order("a3", at: 13, amount: "NaN")
        order("b1", at: 3, amount: "40")
        script.add(.flowCompleted, user: "b1", at: 11)
        order("b2", at: 4, amount: "2e2")
        // Outside the 60 s window: counts for nothing.
        order("b2", at: 61.001, amount: "1000")
        return script.events
    }

    static func metrics(_ ids: [String], events: [FlowEvent] = log) throws -> [String: MetricComparisonReport] {
        let report = try ReportBuilder.report(events: events, options: options(metrics: ids), inputs: [])
        let experiment = try #require(report.experiments.first)
        return Dictionary(experiment.metrics.map { ($0.metric, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test("A mean of a numeric property sums it per user, 0 without an event; a value that is not a number is counted, not 0")
    func meanOfValue() throws {
        let revenue = try #require(try Self.metrics(["revenue"])["revenue"])
        #expect(revenue.controlMean == 115.0 / 3)
        #expect(revenue.treatmentMean == 120)
        #expect(revenue.controlUsers == 3 && revenue.treatmentUsers == 2)
        #expect(revenue.invalidValues == 1)
        #expect(revenue.kind == "mean" && revenue.name == "Revenue")
    }

    @Test("A proportion is the share of users with a matching event; a count mean counts them")
    func proportionAndCount() throws {
        let metrics = try Self.metrics(["buyers", "orders"])
        #expect(metrics["buyers"]?.controlMean == 2.0 / 3 && metrics["buyers"]?.treatmentMean == 1)
        #expect(metrics["orders"]?.controlMean == 4.0 / 3 && metrics["orders"]?.treatmentMean == 1)
    }

    @Test("A ratio sums its numerator and denominator over users")
    func ratio() throws {
        let value = try #require(try Self.metrics(["order-value"])["order-value"])
        #expect(value.controlMean == 115.0 / 4)
        #expect(value.treatmentMean == 240.0 / 2)
    }

    @Test("A duration runs from its start event to its end, over the users who reached the end; the others are counted")
    func duration() throws {
        let time = try #require(try Self.metrics(["checkout-time"])["checkout-time"])
        #expect(time.controlMean == 20 && time.treatmentMean == 10)
        #expect(time.controlUsers == 1 && time.treatmentUsers == 1)
        #expect(time.controlMissingUsers == 2 && time.treatmentMissingUsers == 1)
        #expect(time.controlMedian == 20)
    }

    @Test("A quantile is taken over the users with a value: those with a matching event")
    func quantile() throws {
        let median = try #require(try Self.metrics(["median-order"])["median-order"])
        // A: 100 and 15 (a2 ordered nothing); the median by nearest rank of two values is the lower one.
        #expect(median.controlMean == 15 && median.controlUsers == 2)
        #expect(median.treatmentMean == 40 && median.treatmentUsers == 2)
    }

    @Test("A metric's own window replaces the funnel's")
    func ownWindow() throws {
        let early = try #require(try Self.metrics(["early-orders"])["early-orders"])
        // a3's orders at 12 s and 13 s fall outside 10 s.
        #expect(early.controlMean == 2.0 / 3)
    }

    @Test("An absolute cap limits every user's value before the arms are compared")
    func absoluteCap() throws {
        let capped = try #require(try Self.metrics(["capped-revenue"])["capped-revenue"])
        #expect(capped.controlMean == 65.0 / 3)
        #expect(capped.treatmentMean == 45)
        #expect(capped.cap == 50)
    }

    @Test("A start and an end in one millisecond make a duration of 0, whichever line comes first")
    func simultaneousStartAndEnd() throws {
        for endFirst in [false, true] {
            var script = EventScript()
            script.expose("u", to: "A", in: "shop", at: 0)
            let start = FlowEvent(time: EventScript.time(1), session: "s", user: "u", type: .screenShown, screen: "cart")
            let end = FlowEvent(time: EventScript.time(1), session: "s", user: "u", type: .flowCompleted)
            let events = script.events + (endFirst ? [end, start] : [start, end])
            let time = try #require(try Self.metrics(["checkout-time"], events: events)["checkout-time"])
            #expect(time.controlMean == 0 && time.controlUsers == 1, "end first: \(endFirst)")
        }
    }

    @Test("Every metric is the same whatever the order of the lines")
    func orderFree() throws {
        let ids = Array(Self.definitions.keys)
        let forward = try Self.metrics(ids)
        let backward = try Self.metrics(ids, events: Self.log.reversed())
        #expect(forward == backward)
    }
}
