import Foundation
import Testing

/// `report --engine bayesian` and the config's `analysis.engine`: each defined metric's comparison carries its
/// Bayesian reading, whose numbers follow from its posterior, and the option and the config agree.
@Suite("The Bayesian engine, chosen by the config or by --engine", .serialized)
struct BayesianEngineTests {
    /// The checkout app's config with `analysis` set on every experiment (nil leaves the config as it is).
    static func config(analysis: [String: Any]?) throws -> String {
        let url = Repository.root.appendingPathComponent("Configuration/checkout/experiments.json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        if let analysis {
            let experiments = try #require(root["experiments"] as? [[String: Any]])
            root["experiments"] = experiments.map { experiment in
                var experiment = experiment
                experiment["analysis"] = analysis
                return experiment
            }
        }
        return try #require(String(data: JSONSerialization.data(withJSONObject: root), encoding: .utf8))
    }

    static func report(_ cli: CLI, config: String, arguments: [String] = []) throws -> String {
        try config.write(toFile: cli.path("config.json"), atomically: true, encoding: .utf8)
        let result = try cli.run(["report", "events.jsonl", "--config", "config.json", "--format", "json", "--top-paths", "0"] + arguments)
        try #require(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    static func metrics(_ json: String) throws -> [[String: Any]] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let experiments = try #require(root["experiments"] as? [[String: Any]])
        return experiments.flatMap { ($0["metrics"] as? [[String: Any]]) ?? [] }
    }

    static func verdicts(_ json: String) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let experiments = try #require(root["experiments"] as? [[String: Any]])
        return experiments.compactMap { ($0["analysis"] as? [String: Any])?["verdict"] as? String }
    }

    static func cdf(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }
    static func density(_ z: Double) -> Double { exp(-z * z / 2) / (2 * Double.pi).squareRoot() }

    @Test("--engine bayesian: every defined metric (means among them) has a chance to win, credible interval and risks that follow from one normal posterior")
    func bayesianFields() throws {
        let cli = try CLI()
        try DefinedMetricReferenceTests.simulate(app: "checkout", users: 800, seed: 9411, into: "events.jsonl", cli: cli)
        let json = try Self.report(cli, config: Self.config(analysis: nil), arguments: ["--engine", "bayesian"])
        let metrics = try Self.metrics(json)
        try #require(!metrics.isEmpty)
        var checked: [String] = []
        for metric in metrics {
            let name = "\(metric["metric"] ?? "?") in \(metric["variant"] ?? "?")"
            let bayesian = try #require(metric["bayesian"] as? [String: Any], "\(name) has no bayesian reading")
            guard bayesian["limitation"] == nil else { continue }
            let chance = try #require(bayesian["chance_to_win"] as? Double)
            let interval = try #require(bayesian["credible_interval"] as? [String: Double])
            let (lower, upper) = (try #require(interval["lower"]), try #require(interval["upper"]))
            let riskControl = try #require(bayesian["risk_control"] as? Double)
            let riskTreatment = try #require(bayesian["risk_treatment"] as? Double)
            #expect(bayesian["prior"] == nil, "the improper prior is not stated")
            // The improper prior's posterior is centred on the difference; its deviation is the interval's half-width / z.
            let difference = try #require(metric["difference"] as? Double)
            let mean = (lower + upper) / 2
            let deviation = (upper - lower) / 2 / 1.959963984540054
            #expect(abs(mean - difference) <= 1e-9 * max(1, abs(difference)), "\(name)")
            let higherIsBetter = metric["direction"] as? String != "lower"
            let z = mean / deviation
            let upperRisk = deviation * Self.density(z) + mean * Self.cdf(z)
            let lowerRisk = deviation * Self.density(z) - mean * Self.cdf(-z)
            #expect(abs(chance - Self.cdf(higherIsBetter ? z : -z)) <= 1e-9, "\(name)")
            #expect(abs(riskControl - (higherIsBetter ? upperRisk : lowerRisk)) <= 1e-9 * max(1, deviation), "\(name)")
            #expect(abs(riskTreatment - (higherIsBetter ? lowerRisk : upperRisk)) <= 1e-9 * max(1, deviation), "\(name)")
            #expect(metric["is_significant"] as? Bool == (chance >= 0.95 || chance <= 0.05), "\(name)")
            #expect(metric["is_significantly_worse"] as? Bool == (chance <= 0.05), "\(name)")
            checked.append(metric["kind"] as? String ?? "")
        }
        #expect(checked.count >= 3 && checked.contains("mean"), "Bayesian results for: \(checked)")
        let verdicts = try Self.verdicts(json)
        #expect(verdicts.contains { $0.contains("chance to beat") }, "\(verdicts)")
        let markdown = try cli.run(["report", "events.jsonl", "--config", "config.json", "--format", "markdown", "--top-paths", "0", "--engine", "bayesian"])
        #expect(markdown.standardOutput.contains("| Metric | Variant | Control | Treatment | Diff | CI | Relative | Chance to win | Risk | Reading |"))
        let frequentist = try cli.run(["report", "events.jsonl", "--config", "config.json", "--format", "markdown", "--top-paths", "0"])
        #expect(frequentist.standardOutput.contains("| Relative | p | Adj. p | Reading |"))
        #expect(!frequentist.standardOutput.contains("Chance to win"))
        let csv = try cli.run(["report", "events.jsonl", "--config", "config.json", "--format", "csv", "--top-paths", "0", "--engine", "bayesian"])
        let records = csv.standardOutput.split(separator: "\r\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = try #require(records.first)
        let column = try #require(header.firstIndex(of: "metric_chance_to_win"))
        let chances = records.dropFirst().compactMap { $0.count == header.count ? Double($0[column]) : nil }
        #expect(chances.count >= 3 && chances.allSatisfy { (0...1).contains($0) }, "\(chances)")
    }

    @Test("the config's engine and --engine agree; --engine frequentist overrides a bayesian config; a prior is stated")
    func configAndOptionAgree() throws {
        let cli = try CLI()
        try DefinedMetricReferenceTests.simulate(app: "checkout", users: 400, seed: 9412, into: "events.jsonl", cli: cli)
        let byOption = try Self.report(cli, config: Self.config(analysis: nil), arguments: ["--engine", "bayesian"])
        let byConfig = try Self.report(cli, config: Self.config(analysis: ["engine": "bayesian"]))
        #expect(byOption == byConfig)
        let overridden = try Self.report(cli, config: Self.config(analysis: ["engine": "bayesian"]), arguments: ["--engine", "frequentist"])
        let frequentist = try Self.report(cli, config: Self.config(analysis: nil))
        #expect(overridden == frequentist)
        #expect(try Self.metrics(frequentist).allSatisfy { $0["bayesian"] == nil })
        let withPrior = try Self.report(cli, config: Self.config(analysis: ["engine": "bayesian", "prior": ["mean": 0, "stddev": 0.3]]))
        let priors = try Self.metrics(withPrior).compactMap { ($0["bayesian"] as? [String: Any])?["prior"] as? [String: Double] }
        #expect(!priors.isEmpty && priors.allSatisfy { $0 == ["mean": 0, "stddev": 0.3] })
    }

    @Test("--engine refuses any other value")
    func unknownEngine() throws {
        let cli = try CLI()
        try "".write(toFile: cli.path("events.jsonl"), atomically: true, encoding: .utf8)
        let result = try cli.run(["report", "events.jsonl", "--engine", "bayes"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("bayes"), "\(result.standardError)")
    }
}
