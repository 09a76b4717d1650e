import FlowEvents
@testable import FlowReports
import Testing

/// No value a device can send flips a verdict: every metric kind, under every kind of test and cap, given values at
/// the edges of Double among ordinary ones, either gives a finite interval of positive width or says why it has
/// none, and is never significant because a number overflowed.
@Suite("Extreme values: a finite interval or a stated reading, never significance from an overflow")
struct ExtremeValueTests {
    static let order = EventMatcher(type: .mutation, properties: ["operation": "place_order", "outcome": "succeeded"])
    static let revenue = MetricValue(events: order, property: "amount")

    /// The text of the extreme amounts a device might send, each as one shopper's order.
    static let extremes = [
        "1e308", "-1e308", "1.7976931348623157e308", "-1.7976931348623157e308", "1e-320", "-1e-320", "0", "-0",
        "1e154", "1.3e154", "-4.9e-324", String(repeating: "9", count: 400), "-" + String(repeating: "9", count: 300),
        "0." + String(repeating: "0", count: 330) + "1", "1e309", "123456789012345678901234567890",
    ]

    static let caps: [(String, MetricCap?)] = [
        ("none", nil), ("absolute", .absolute(5_000)), ("absolute both", .absolute(lower: -100, upper: 5_000)),
        ("percentile", .percentile(0.99, ignoringZeros: true)), ("percentile both", .percentile(lower: 0.01, upper: 0.99, ignoringZeros: false)),
    ]

    /// Every metric kind over the amounts, with `cap` on the amounts.
    static func definitions(cap: MetricCap?) -> [String: MetricDefinition] {
        [
            "revenue": MetricDefinition(id: "revenue", name: "Revenue", kind: .mean(revenue), direction: .higherIsBetter, cap: cap),
            "orders": MetricDefinition(id: "orders", name: "Orders", kind: .mean(MetricValue(events: order)), direction: .higherIsBetter),
            "buyers": MetricDefinition(id: "buyers", name: "Buyers", kind: .proportion(order), direction: .higherIsBetter),
            "order-value": MetricDefinition(id: "order-value", name: "Order value", kind: .ratio(numerator: "revenue", denominator: "orders"), direction: .higherIsBetter),
            "per-order": MetricDefinition(id: "per-order", name: "Orders per revenue", kind: .ratio(numerator: "orders", denominator: "revenue"), direction: .higherIsBetter),
            "median-revenue": MetricDefinition(id: "median-revenue", name: "Median", kind: .quantile(of: "revenue", level: 0.5), direction: .higherIsBetter),
            "p99-revenue": MetricDefinition(id: "p99-revenue", name: "p99", kind: .quantile(of: "revenue", level: 0.99), direction: .higherIsBetter),
        ]
    }

    /// 600 shoppers per arm with the same spread of ordinary amounts (an A/A test), and `outlier` as one more
    /// order of the first shopper of `B`.
    static func log(outlier: String?) -> [FlowEvent] {
        var script = EventScript()
        for index in 0..<1_200 {
            let user = "u\(index)"
            script.expose(user, to: index % 2 == 0 ? "A" : "B", in: "shop", at: 0)
            guard index % 3 != 0 else { continue }
            let amount = String((index * 7_919) % 1_000) + "." + String(index % 100)
            script.add(.mutation, user: user, at: 1, properties: ["operation": "place_order", "outcome": "succeeded", "amount": amount])
        }
        if let outlier {
            script.add(.mutation, user: "u1", at: 2, properties: ["operation": "place_order", "outcome": "succeeded", "amount": outlier])
        }
        return script.events
    }

    static func report(outlier: String?, cap: MetricCap?, method: TestingMethod) throws -> [MetricComparisonReport] {
        let ids = ["revenue", "orders", "buyers", "order-value", "per-order", "median-revenue", "p99-revenue"]
        let options = ReportOptions(experiments: [
            "shop": ExperimentAnalysisPlan(
                variations: ["A", "B"], funnel: FunnelDefinition(steps: [], conversionWindowSeconds: 60, goal: order),
                testingMethod: method, secondaryMetrics: ids, metricDefinitions: definitions(cap: cap)
            ),
        ])
        let report = try ReportBuilder.report(events: log(outlier: outlier), options: options, inputs: [])
        return try #require(report.experiments.first).metrics
    }

    @Test("Every extreme amount, every metric kind, every cap, fixed and sequential", arguments: [TestingMethod.fixedHorizon, .sequential(tuningUsers: 5_000)])
    func everyExtreme(method: TestingMethod) throws {
        for extreme in Self.extremes {
            for (capName, cap) in Self.caps {
                for metric in try Self.report(outlier: extreme, cap: cap, method: method) {
                    let label = "\(metric.metric), amount \(extreme.prefix(24)), cap \(capName)"
                    let numbers = [metric.controlMean, metric.treatmentMean, metric.difference, metric.relativeDifference,
                                   metric.interval?.lower, metric.interval?.upper, metric.relativeInterval?.lower,
                                   metric.relativeInterval?.upper, metric.cap, metric.lowerCap].compactMap { $0 }
                    #expect(numbers.allSatisfy { $0.isFinite }, "\(label): \(numbers)")
                    #expect(metric.pValue.isFinite && (0...1).contains(metric.pValue), "\(label)")
                    if let interval = metric.interval {
                        #expect(interval.lower < interval.upper, "\(label): \(interval)")
                    } else {
                        #expect(metric.limitation != nil, "\(label): no interval and no reason")
                    }
                    // Both arms draw the same ordinary amounts: one order, however extreme, is no evidence.
                    #expect(!metric.isSignificant, "\(label): significant, p = \(metric.pValue)")
                    if metric.metric == "per-order", cap == nil, let magnitude = Double(extreme), magnitude.isFinite, magnitude.magnitude > 1e6 {
                        #expect(metric.limitation == .ratioDenominatorUncertain, "\(label)")
                    }
                }
            }
        }
    }

    @Test("One shopper's -1e308 among 1,200 leaves revenue untested or wide, never 'worse, p < 0.001'")
    func negativeOutlier() throws {
        let revenue = try #require(try Self.report(outlier: "-1e308", cap: nil, method: .fixedHorizon).first { $0.metric == "revenue" })
        let interval = try #require(revenue.interval)
        #expect(!revenue.isSignificant && revenue.pValue > 0.2)
        #expect(interval.lower < -1e304 && interval.upper > 0)
        // A lower cap takes the outlier's weight away entirely.
        let capped = try #require(try Self.report(outlier: "-1e308", cap: .absolute(lower: 0, upper: 5_000), method: .fixedHorizon)
            .first { $0.metric == "revenue" })
        let difference = try #require(capped.difference)
        #expect(capped.lowerCap == 0 && capped.cap == 5_000 && abs(difference) < 100)
    }

    @Test("A value above 1.3e154, whose square overflows a Double, still gives a variance and a test")
    func squareBeyondRange() throws {
        let revenue = try #require(try Self.report(outlier: "1e200", cap: nil, method: .fixedHorizon).first { $0.metric == "revenue" })
        #expect(revenue.limitation == nil && revenue.interval != nil)
        #expect(!revenue.isSignificant)
    }

    @Test("A user's sum beyond the largest Double reads value_beyond_range, with no test")
    func sumBeyondRange() throws {
        var events = Self.log(outlier: "1.7e308")
        events.append(FlowEvent(
            time: EventScript.time(3), session: "s-u1", user: "u1", type: .mutation,
            properties: ["operation": "place_order", "outcome": "succeeded", "amount": "1.7e308"]
        ))
        let options = ReportOptions(experiments: [
            "shop": ExperimentAnalysisPlan(
                variations: ["A", "B"], funnel: FunnelDefinition(steps: [], conversionWindowSeconds: 60, goal: Self.order),
                secondaryMetrics: ["revenue", "median-revenue"], metricDefinitions: Self.definitions(cap: nil)
            ),
        ])
        let metrics = try #require(try ReportBuilder.report(events: events, options: options, inputs: []).experiments.first).metrics
        for metric in metrics {
            #expect(metric.limitation == .valueBeyondRange && metric.interval == nil && metric.pValue == 1 && !metric.isSignificant)
        }
        // An absolute cap brings the user's value back within range.
        let capped = try ReportBuilder.report(
            events: events,
            options: ReportOptions(experiments: [
                "shop": ExperimentAnalysisPlan(
                    variations: ["A", "B"], funnel: FunnelDefinition(steps: [], conversionWindowSeconds: 60, goal: Self.order),
                    secondaryMetrics: ["revenue"], metricDefinitions: Self.definitions(cap: .absolute(5_000))
                ),
            ]),
            inputs: []
        )
        #expect(capped.experiments.first?.metrics.first?.limitation == nil)
    }

    @Test("A difference beyond the largest Double is not tested: value_beyond_range")
    func differenceBeyondRange() {
        let settings = ComparisonSettings()
        let high = MeanArmStatistic(values: Array(repeating: 1.7e308, count: 50) + [1.6e308])
        let low = MeanArmStatistic(values: Array(repeating: -1.7e308, count: 50) + [-1.6e308])
        let comparison = MetricComparison(treatment: high, control: low, settings: settings)
        #expect(comparison.limitation == .valueBeyondRange && comparison.absolute == nil && comparison.pValue == 1)
        #expect(comparison.relative?.estimate == -2)
    }

    @Test("Values near 1e9 that differ by less than 1: the variance is computed without cancellation")
    func largeMeanSmallSpread() throws {
        let values = (0..<1_000).map { 1e9 + Double($0 % 10) * 0.01 }
        let control = MeanArmStatistic(values: values)
        let treatment = MeanArmStatistic(values: values.map { $0 + 0.001 })
        // Two-pass reference over the values less 1e9 (each such difference is exact), far from any cancellation.
        let offsets = values.map { $0 - 1e9 }
        let mean = offsets.reduce(0, +) / 1_000
        let reference = offsets.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 999
        #expect(abs(control.unitVariance - reference) < 1e-12 * reference)
        // The textbook formula over rounded sums, as gbstats computes it, is off by far more than the variance.
        let sum = values.reduce(0, +)
        let squares = values.map { $0 * $0 }.reduce(0, +)
        let textbook = (squares - sum * sum / 1_000) / 999
        #expect(abs(textbook - reference) > reference)
        let comparison = MetricComparison(treatment: treatment, control: control, settings: ComparisonSettings())
        let interval = try #require(comparison.absolute?.interval)
        #expect(interval.lower < 0.001 && 0.001 < interval.upper)
    }
}
