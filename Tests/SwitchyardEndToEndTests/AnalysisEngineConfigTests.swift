import Experiments
import FlowEvents
import FlowReports
import Foundation
import Testing
import VariantHost

/// The config's `analysis.engine` and `analysis.prior`: decoded, or refused at their JSON path.
@Suite("Engine and prior in the experiment config")
struct AnalysisEngineConfigTests {
    func decode(analysis: String) throws -> (sections: ReportSectionDecoder.Sections?, issues: [String]) {
        let text = #"{"slots": [], "experiments": [{"key": "k", "slot": "s", "variations": ["a", "b"], "analysis": "# + analysis + "}]}"
        let decoder = ReportSectionDecoder()
        let sections = decoder.decode(try JSONParser.parse(text))
        return (sections["k"], decoder.issues.map(\.description))
    }

    @Test("frequentist by default with the improper prior; bayesian with a proper prior when asked")
    func valid() throws {
        let (none, noIssues) = try decode(analysis: "{}")
        #expect(noIssues.isEmpty)
        #expect(none?.engine == .frequentist)
        #expect(none?.prior == .improper)
        let (sections, issues) = try decode(analysis: #"{"engine": "bayesian", "prior": {"mean": 0.01, "stddev": 0.3}}"#)
        #expect(issues.isEmpty, "\(issues)")
        #expect(sections?.engine == .bayesian)
        #expect(sections?.prior == (try BayesianPrior(mean: 0.01, standardDeviation: 0.3)))
        #expect(try decode(analysis: #"{"engine": "frequentist"}"#).sections?.engine == .frequentist)
    }

    @Test("each mistake is located by its JSON path")
    func mistakes() throws {
        let cases: [(String, String)] = [
            (#"{"engine": "bayes"}"#, #"experiments[0].analysis.engine: unknown engine "bayes" (expected "frequentist" or "bayesian")"#),
            (#"{"engine": 1}"#, "experiments[0].analysis.engine: expected a string, found number 1"),
            (#"{"prior": {"mean": 0, "stddev": 0}}"#, "experiments[0].analysis.prior.stddev: 0 is out of range; expected a finite standard deviation above 0 on the relative scale (0.3 makes effects beyond about ±60% unlikely)"),
            (#"{"prior": {"mean": 0, "stddev": -0.3}}"#, "experiments[0].analysis.prior.stddev: -0.3 is out of range; expected a finite standard deviation above 0 on the relative scale (0.3 makes effects beyond about ±60% unlikely)"),
            (#"{"prior": {"mean": 1e999, "stddev": 0.3}}"#, "experiments[0].analysis.prior.mean: found a number beyond the largest a configuration holds (about 1.8e308); expected a finite number"),
            (#"{"prior": {"stddev": 0.3}}"#, "experiments[0].analysis.prior.mean: missing required field"),
            (#"{"prior": {"mean": 0}}"#, "experiments[0].analysis.prior.stddev: missing required field"),
            (#"{"prior": {"mean": 0, "stddev": 0.3, "shape": "normal"}}"#, "experiments[0].analysis.prior.shape: unknown field (expected one of: mean, stddev)"),
            (#"{"prior": 0.3}"#, "experiments[0].analysis.prior: expected an object, found number 0.3"),
        ]
        for (analysis, expected) in cases {
            let (_, issues) = try decode(analysis: analysis)
            #expect(issues == [expected], "\(analysis)")
        }
    }
}
