import Testing
@testable import FlowReports

@Suite("Health: users exposed to more than one variant")
struct MultipleExposureCheckTests {
    @Test("the share is of every exposed user, analysed or left out, and is flagged from the threshold on")
    func shareAndThreshold() {
        let under = MultipleExposureCheck.test(multipleExposureUsers: 99, analyzedUsers: 9_901)
        #expect(under.exposedUsers == 10_000)
        #expect(under.share == 0.0099)
        #expect(!under.isFlagged)
        let at = MultipleExposureCheck.test(multipleExposureUsers: 100, analyzedUsers: 9_900)
        #expect(at.share == 0.01)
        #expect(at.isFlagged)
        let stricter = MultipleExposureCheck.test(multipleExposureUsers: 99, analyzedUsers: 9_901, threshold: 0.005)
        #expect(stricter.isFlagged && stricter.threshold == 0.005)
    }

    @Test("no users, negative counts, totals beyond Int.max and thresholds that are not a share give defined results")
    func edges() {
        let nobody = MultipleExposureCheck.test(multipleExposureUsers: 0, analyzedUsers: 0)
        #expect(nobody.share == 0 && !nobody.isFlagged)
        let negative = MultipleExposureCheck.test(multipleExposureUsers: -5, analyzedUsers: -7)
        #expect(negative.users == 0 && negative.exposedUsers == 0 && !negative.isFlagged)
        let huge = MultipleExposureCheck.test(multipleExposureUsers: Int.max, analyzedUsers: Int.max)
        #expect(huge.exposedUsers == Int.max && huge.share == 1 && huge.isFlagged)
        for threshold in [Double.nan, .infinity, -0.5, 0, 1.5] {
            let check = MultipleExposureCheck.test(multipleExposureUsers: 1, analyzedUsers: 1_000, threshold: threshold)
            #expect(check.threshold == MultipleExposureCheck.defaultThreshold, "\(threshold)")
        }
        let onlyOne = MultipleExposureCheck.test(multipleExposureUsers: 1, analyzedUsers: 0)
        #expect(onlyOne.share == 1 && onlyOne.isFlagged)
    }

    @Test("too many such users turn the verdict into 'do not trust this result', with the count, the share and the fix")
    func verdict() {
        let analysis = ExperimentStatistics.analyze(
            control: ("a", ArmCounts(users: 10_000, conversions: 1000)),
            treatments: [(name: "b", counts: ArmCounts(users: 10_000, conversions: 1200))],
            weights: [1, 1], settings: ComparisonSettings(), multipleExposureUsers: 400
        )
        #expect(analysis.multipleExposures?.exposedUsers == 20_400)
        #expect(analysis.verdict.hasPrefix("do not trust this result: 400 users (1.96% of those exposed) saw more than one variant"))
        #expect(analysis.verdict.contains("sticky buckets"))
        #expect(!analysis.verdict.contains("ship it"))
        let report = AnalysisReport(analysis, variants: ["a", "b"])
        #expect(!report.health.isHealthy)
        #expect(report.health.problems.count == 1)
    }

    @Test("a few such users leave the verdict as it was and the health report healthy")
    func fewLeaveVerdictAlone() {
        let settings = ComparisonSettings()
        let control = ("a", ArmCounts(users: 10_000, conversions: 1000))
        let treatments = [(name: "b", counts: ArmCounts(users: 10_000, conversions: 1200))]
        let with = ExperimentStatistics.analyze(
            control: control, treatments: treatments, weights: [1, 1], settings: settings, multipleExposureUsers: 20
        )
        let without = ExperimentStatistics.analyze(control: control, treatments: treatments, weights: [1, 1], settings: settings)
        #expect(with.verdict == without.verdict)
        #expect(with.verdict.hasSuffix("ship it"))
        #expect(without.multipleExposures == nil)
        #expect(AnalysisReport(with, variants: ["a", "b"]).health == HealthReport(isHealthy: true, problems: []))
    }
}
