import Experiments
import FlowEvents
import FlowReports
import Foundation
import VariantHost

/// Fuzzes the configuration parser, decoder and validator: `ExperimentConfig.load(from:catalog:)` on arbitrary
/// bytes, then an assignment with every configuration that validates.
public enum ConfigFuzzHarness: FuzzHarness {
    public static let name = "config"

    /// The sample app's variants, so that the bundled configuration and its mutations can validate.
    static let catalog = VariantCatalog([
        "phone": "app-shell",
        "tablet": "app-shell",
        "signup-before-profile": "auth-flow",
        "signup-after-profile": "auth-flow",
    ])

    /// Attribute documents every validated configuration assigns, covering the attributes conditions commonly use.
    static let users: [Attributes] = [
        ["id": "user-1", "deviceClass": "phone", "appVersion": "2.3.1", "locale": "en-US"],
        ["id": "user-2", "deviceClass": "tablet", "country": "DE", "tags": ["beta", "staff"], "age": 37],
        [:],
    ]

    public static func run(_ input: UnsafeBufferPointer<UInt8>) -> FuzzOutcome {
        let config: ValidatedExperimentConfig
        do {
            config = try ExperimentConfig.load(from: Data(input), catalog: catalog, source: "fuzz.json")
        } catch {
            return rejection(error)
        }
        if let violation = reportSectionViolation(of: Data(input), config: config.config) { return violation }
        // A configuration that validated must assign anyone without trapping.
        let assigner = Assigner(config: config)
        for user in users {
            _ = assigner.assign(attributes: user)
        }
        return .accepted("\(config.config.experiments.count) experiments")
    }

    /// The report sections (funnels, analysis, metrics a team defines) of a config that validated: decoded
    /// without trapping, every problem located, and, without problems, a report of a fixed log built with them,
    /// so that fuzzed metric definitions (kinds, windows, caps, quantile levels) are measured and compared.
    private static func reportSectionViolation(of data: Data, config: ExperimentConfig) -> FuzzOutcome? {
        guard let document = try? JSONParser.parse(data) else { return nil }
        let decoder = ReportSectionDecoder()
        let sections = decoder.decode(document)
        if decoder.issues.contains(where: { $0.message.isEmpty }) { return .invariantViolated("a report section issue without a message") }
        guard decoder.issues.isEmpty else { return nil }
        let plans = ExperimentAnalysisPlan.plans(of: config, sections: sections)
        for (key, plan) in plans {
            guard plan.variations.count >= 2 else { continue }
            let events = sampleLog(experiment: key, variations: plan.variations)
            do {
                let report = try ReportBuilder.report(events: events, options: ReportOptions(experiments: [key: plan]), inputs: ["fuzz.jsonl"])
                _ = ReportFormat.table.renderer(colors: false).render(report)
            } catch {
                return .invariantViolated("a validated config's report of \(key) failed: \(error)")
            }
        }
        return nil
    }

    /// Ten users per variation of `experiment`, each exposed, shown screens, placing an order with an amount
    /// (some not numbers), going back and completing, a second apart.
    private static func sampleLog(experiment: String, variations: [String]) -> [FlowEvent] {
        let amounts = ["4599", "-12.5", "1e3", "NaN", "", "1e400", "0"]
        var events: [FlowEvent] = []
        for (index, variation) in variations.prefix(4).enumerated() {
            for user in 0..<10 {
                let id = "u\(index)-\(user)"
                var time = Int64(1_795_338_000_000 + user * 1000)
                func add(_ type: EventType, screen: String? = nil, properties: [String: String] = [:], experiment: String? = nil) {
                    events.append(FlowEvent(
                        time: EventTimestamp(millisecondsSince1970: time), session: "s-\(id)", user: id, experiment: experiment,
                        variant: experiment == nil ? nil : variation, type: type, screen: screen, properties: properties
                    ))
                    time += Int64(250 * (user % 3 + 1))
                }
                add(.exposure, experiment: experiment)
                add(.screenShown, screen: "welcome")
                add(.mutation, screen: "cart", properties: ["operation": "place_order", "outcome": "succeeded", "amount_cents": amounts[user % amounts.count]])
                if user % 2 == 0 { add(.back, screen: "cart") }
                if user % 3 != 0 { add(.flowCompleted, screen: "home") }
            }
        }
        return events
    }

    private static func rejection(_ error: ConfigError) -> FuzzOutcome {
        guard !error.issues.isEmpty else { return .invariantViolated("a ConfigError without issues") }
        for issue in error.issues {
            if let line = issue.line, let column = issue.column, line < 1 || column < 1 {
                return .invariantViolated("syntax error located at line \(line), column \(column)")
            }
        }
        return .rejected(error.description)
    }
}
