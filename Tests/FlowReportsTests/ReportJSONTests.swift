import Foundation
import FlowReports
import Testing

/// The JSON shape is stable: snake_case keys, a version, and a lossless round trip.
@Suite("JSON: the documented, stable shape")
struct ReportJSONTests {
    @Test("Decoding the JSON gives back the report")
    func roundTrip() throws {
        let json = JSONRenderer().render(ReportFixtures.sample)
        let decoded = try JSONDecoder().decode(Report.self, from: Data(json.utf8))
        #expect(decoded == ReportFixtures.sample)
    }

    @Test("A sequential analysis decodes with its comparisons' significance basis, which the JSON leaves out")
    func sequentialRoundTrip() throws {
        let analysis = ExperimentStatistics.analyze(
            control: ("a", ArmCounts(users: 2000, conversions: 400)),
            treatments: [("b", ArmCounts(users: 2000, conversions: 480))],
            weights: [1, 1], settings: ComparisonSettings(method: .sequential)
        )
        let report = AnalysisReport(analysis, variants: ["a", "b"])
        #expect(report.comparisons.first?.significanceBasis == .absoluteDifferenceConfidenceSequence)
        let json = try JSONEncoder().encode(report)
        #expect(!String(decoding: json, as: UTF8.self).contains("significance"))
        #expect(try JSONDecoder().decode(AnalysisReport.self, from: json) == report)
        #expect(try JSONDecoder().decode(ExperimentAnalysis.self, from: try JSONEncoder().encode(analysis)) == analysis)
        #expect(report.sampleRatio?.variants == ["a", "b"])
    }

    @Test("Keys are snake_case and the version is 1")
    func keys() throws {
        let json = JSONRenderer().render(ReportFixtures.sample)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["report_version", "mode", "alpha", "inputs", "diagnostics", "duplicate_events", "experiments"])
        #expect(object["report_version"] as? Int == 1)
        #expect(json.contains("\"excluded_multi_variant_users\" : 2"))
        #expect(json.contains("\"median_seconds_to_convert\" : 42"))
    }

    @Test("Absent values are omitted and non-finite numbers do not break the output")
    func absentAndNonFinite() throws {
        var report = ReportFixtures.sample
        report.alpha = .nan
        let json = JSONRenderer().render(report)
        #expect(json.contains("\"alpha\" : \"NaN\""))
        #expect(!json.contains("null"))
    }
}
