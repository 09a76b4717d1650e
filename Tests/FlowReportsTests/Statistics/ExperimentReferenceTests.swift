import Testing
@testable import FlowReports

@Suite("Experiment statistics agree with statsmodels and scipy")
struct ExperimentReferenceTests {
    let vectors: StatisticsVectors

    init() throws {
        vectors = try StatisticsVectors.load()
    }

    @Test("every field of every generated experiment matches its reference")
    func experiments() {
        var ledger = DeviationLedger()
        for experiment in vectors.experiments {
            let analysis = ExperimentStatistics.analyze(
                control: ("control", experiment.control),
                treatments: experiment.treatments.enumerated().map { ("treatment-\($0.offset + 1)", $0.element) },
                weights: experiment.weights,
                settings: ComparisonSettings(alpha: experiment.alpha, power: experiment.power)
            )
            #expect(analysis.comparisons.count == experiment.comparisons.count, "\(experiment.name)")
            for (index, pair) in zip(analysis.comparisons, experiment.comparisons).enumerated() {
                check(pair.0, against: pair.1, in: experiment, treatment: experiment.treatments[index], ledger: &ledger)
            }
            check(analysis.sampleRatio, against: experiment.sampleRatio, in: experiment, ledger: &ledger)
        }
        print("worst deviation from statsmodels/scipy over \(vectors.experiments.count) experiments:\n\(ledger.summary)")
    }

    private func check(
        _ actual: TreatmentComparison, against expected: StatisticsVectors.ExperimentCase.Comparison,
        in experiment: StatisticsVectors.ExperimentCase, treatment: ArmCounts, ledger: inout DeviationLedger
    ) {
        let name = experiment.name
        let scaled = DeviationLedger.scaled
        #expect(ledger.record("absolute difference", scaled(actual.absoluteDifference, expected.difference)) < 1e-12, "\(name)")
        #expect(ledger.record("Newcombe interval", scaled(actual.absoluteInterval.lower, expected.intervalLower)) < 1e-9, "\(name)")
        #expect(ledger.record("Newcombe interval", scaled(actual.absoluteInterval.upper, expected.intervalUpper)) < 1e-9, "\(name)")
        #expect((actual.relativeUplift == nil) == (expected.relativeUplift == nil), "\(name) relative uplift presence")
        #expect((actual.relativeInterval == nil) == (expected.relativeLower == nil), "\(name) relative interval presence")
        if let uplift = actual.relativeUplift, let interval = actual.relativeInterval,
           let expectedUplift = expected.relativeUplift,
           let expectedLower = expected.relativeLower, let expectedUpper = expected.relativeUpper {
            #expect(ledger.record("relative uplift", scaled(uplift, expectedUplift)) < 1e-9, "\(name)")
            #expect(ledger.record("relative interval", scaled(interval.lower, expectedLower)) < 1e-9, "\(name)")
            #expect(ledger.record("relative interval", scaled(interval.upper, expectedUpper)) < 1e-9, "\(name)")
        }
        #expect(ledger.record("z score", scaled(actual.zScore, expected.zScore)) < 1e-9, "\(name)")
        #expect(ledger.record("p-value", DeviationLedger.relative(actual.pValue, expected.pValue)) < 1e-9, "\(name)")
        #expect(
            ledger.record("Holm-adjusted p-value", DeviationLedger.relative(actual.adjustedPValue, expected.adjustedPValue)) < 1e-9,
            "\(name)"
        )
        if abs(expected.adjustedPValue - experiment.alpha) > 1e-9 {
            #expect(actual.isSignificant == expected.isSignificant, "\(name)")
        }
        let actualChance = actual.chanceToBeatControl ?? .nan
        let chance = ledger.record("chance to beat control", abs(actualChance - expected.chanceToBeatControl))
        #expect(chance < 1e-8, "\(name): \(actualChance) vs \(expected.chanceToBeatControl)")
        let h = PowerAnalysis.cohensH(treatment.rate, experiment.control.rate)
        #expect(ledger.record("Cohen's h", scaled(h, expected.cohensH)) < 1e-12, "\(name)")
        checkPower(actual, against: expected, in: experiment, treatment: treatment, ledger: &ledger)
    }

    private func checkPower(
        _ actual: TreatmentComparison, against expected: StatisticsVectors.ExperimentCase.Comparison,
        in experiment: StatisticsVectors.ExperimentCase, treatment: ArmCounts, ledger: inout DeviationLedger
    ) {
        let name = experiment.name
        let required = PowerAnalysis.requiredControlUsers(
            controlRate: experiment.control.rate, treatmentRate: treatment.rate,
            controlUsers: experiment.control.users, treatmentUsers: treatment.users,
            alpha: experiment.alpha, power: experiment.power
        )
        #expect((required == nil) == (expected.requiredControlUsers == nil), "\(name) required users presence")
        if let required, let tight = expected.requiredControlUsers {
            #expect(ledger.record("users needed (vs tight root)", DeviationLedger.relative(required, tight)) < 1e-9, "\(name)")
            if abs(tight - tight.rounded()) > 1e-6 {
                #expect(actual.usersNeededPerArm == Int(tight.rounded(.up)), "\(name)")
            }
        }
        if let required, let raw = expected.requiredControlUsersStatsmodels {
            // statsmodels' solve_power stops at xtol = 1e-5 users.
            let deviation = ledger.record("users needed (vs statsmodels solve_power)", DeviationLedger.relative(required, raw))
            #expect(deviation < 1e-5, "\(name)")
        }
        #expect((actual.minimumDetectableEffect == nil) == (expected.minimumDetectableEffect == nil), "\(name) MDE presence")
        if let mde = actual.minimumDetectableEffect, let tight = expected.minimumDetectableEffect {
            #expect(ledger.record("MDE (vs tight root)", DeviationLedger.relative(mde, tight)) < 1e-9, "\(name)")
        }
        if let mde = actual.minimumDetectableEffect, let raw = expected.minimumDetectableEffectStatsmodels {
            // statsmodels solves for Cohen's h only to xtol = 1e-5.
            let deviation = ledger.record("MDE (vs statsmodels solve_power)", DeviationLedger.relative(mde, raw))
            #expect(deviation < 1e-3, "\(name)")
        }
    }

    private func check(
        _ actual: SampleRatioCheck?, against expected: StatisticsVectors.ExperimentCase.SampleRatio?,
        in experiment: StatisticsVectors.ExperimentCase, ledger: inout DeviationLedger
    ) {
        #expect((actual == nil) == (expected == nil), "\(experiment.name) sample ratio presence")
        guard let actual, let expected else { return }
        #expect(ledger.record("SRM chi-square", DeviationLedger.scaled(actual.chiSquare, expected.chiSquare)) < 1e-9)
        #expect(actual.degreesOfFreedom == expected.degreesOfFreedom, "\(experiment.name)")
        #expect(ledger.record("SRM p-value", DeviationLedger.relative(actual.pValue, expected.pValue)) < 1e-9, "\(experiment.name)")
        #expect(actual.isMismatch == expected.isMismatch, "\(experiment.name)")
    }

    @Test("chance to beat control matches scipy quadrature: 1e-8 by the exact sum, 1e-3 by the normal approximation")
    func chanceToBeatControl() {
        var ledger = DeviationLedger()
        for reference in vectors.chanceToBeatControl {
            let result = ChanceToBeatControl.evaluate(treatment: reference.treatment, control: reference.control)
            #expect(result.method == reference.method)
            let tolerance = reference.method == .exactSum ? 1e-8 : 1e-3
            let deviation = ledger.record(
                "chance to beat control (\(reference.method.rawValue))", abs(result.probability - reference.probability)
            )
            #expect(deviation < tolerance, "\(reference.treatment) vs \(reference.control): \(result.probability)")
        }
        print("worst deviation from scipy quadrature:\n\(ledger.summary)")
    }

    @Test("Holm adjustment matches statsmodels multipletests(method=\"holm\"), ties included")
    func holm() {
        var ledger = DeviationLedger()
        for reference in vectors.holm {
            let adjusted = HolmCorrection.adjust(reference.pValues)
            #expect(adjusted.count == reference.adjusted.count)
            for (actual, expected) in zip(adjusted, reference.adjusted) {
                #expect(ledger.record("Holm", DeviationLedger.relative(actual, expected)) < 1e-12, "\(reference.pValues)")
            }
        }
        print("worst deviation from statsmodels:\n\(ledger.summary)")
    }
}
