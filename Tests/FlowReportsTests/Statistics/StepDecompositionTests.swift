import Foundation
import SeededRandom
import Testing
@testable import FlowReports

@Suite("The step decomposition: terms that multiply to the conversion ratio and shares that add up to its difference")
struct StepDecompositionTests {
    private func decompose(
        _ treatment: FunnelArmProgress, _ control: FunnelArmProgress, correction: MultipleComparisonCorrection = .holm
    ) -> StepDecomposition {
        StepDecomposition(treatment: ("B", treatment), control: ("A", control), correction: correction)
    }

    /// Every number of a decomposition is finite (or absent), every p-value in [0, 1], and bounds are in order.
    private func expectDefined(_ decomposition: StepDecomposition, _ comment: Comment? = nil) {
        var numbers = [decomposition.treatmentRate, decomposition.controlRate, decomposition.difference, decomposition.ratio,
                       decomposition.logRatioVariance].compactMap { $0 }
        numbers += decomposition.termLogCovariance.flatMap { $0 }
        for term in decomposition.terms {
            numbers += [term.ratio, term.logRatio, term.logVariance, term.pValue, term.adjustedPValue, term.contribution,
                        term.interval?.lower, term.interval?.upper, term.adjustedInterval?.lower,
                        term.adjustedInterval?.upper].compactMap { $0 }
            #expect((term.pValue ?? 0) >= 0 && (term.pValue ?? 0) <= 1, comment)
            #expect(term.isTested == (term.pValue != nil) && term.isTested == (term.interval != nil), comment)
            if let interval = term.interval {
                #expect(interval.lower >= 0 && interval.lower <= (interval.upper ?? .infinity), comment)
                if let ratio = term.ratio { #expect(interval.contains(ratio), comment) }
            }
            #expect((term.logVariance ?? 0) >= 0, comment)
        }
        let allFinite = numbers.allSatisfy(\.isFinite)
        #expect(allFinite, comment)
    }

    @Test("the bundled apps' shape: the first step at exposure and the goal with the last step are structural, 1 and untested")
    func structuralTerms() throws {
        let treatment = FunnelArmProgress(users: 2000, stepUsers: [2000, 1700, 1300, 1000], conversions: 1000)
        let control = FunnelArmProgress(users: 2000, stepUsers: [2000, 1650, 1200, 900], conversions: 900)
        let decomposition = decompose(treatment, control)
        expectDefined(decomposition)
        #expect(decomposition.refusal == nil)
        #expect(decomposition.terms.map(\.reading) == [.structural, .measured, .measured, .measured, .structural])
        for term in [decomposition.terms[0], decomposition.terms[4]] {
            #expect(term.ratio == 1 && term.logRatio == 0 && term.logVariance == 0 && term.contribution == 0)
            #expect(!term.isTested && term.pValue == nil && term.adjustedPValue == nil && !term.isFound)
        }
        #expect(decomposition.terms[4].isGoal && !decomposition.terms[3].isGoal)
        #expect(decomposition.terms.map(\.index) == [1, 2, 3, 4, 5])
    }

    @Test("structural terms stay out of the correction: the tested terms' adjusted p-values are those of the funnel without them")
    func structuralTermsDoNotDilute() throws {
        let withStructural = decompose(
            FunnelArmProgress(users: 3000, stepUsers: [3000, 2600, 2000], conversions: 2000),
            FunnelArmProgress(users: 3000, stepUsers: [3000, 2500, 1855], conversions: 1855)
        )
        let without = decompose(
            FunnelArmProgress(users: 3000, stepUsers: [2600], conversions: 2000),
            FunnelArmProgress(users: 3000, stepUsers: [2500], conversions: 1855)
        )
        let tested = withStructural.terms.filter(\.isTested)
        #expect(tested.count == 2 && without.terms.filter(\.isTested).count == 2)
        #expect(tested.map(\.adjustedPValue) == without.terms.map(\.adjustedPValue))
        #expect(tested.map(\.pValue) == without.terms.map(\.pValue))
        let raw = tested.compactMap(\.pValue)
        #expect(tested.compactMap(\.adjustedPValue) == HolmCorrection.adjust(raw))
        #expect(raw[0] < 0.001 && raw[1] > 0.025 / 2 && raw[1] < 0.025, "p-values Holm finds over 2 terms but not over 4")
        let allFound = tested.allSatisfy(\.isFound)
        #expect(allFound)
        #expect(HolmCorrection.adjust(raw + [1, 1])[1] > 0.05, "counted, the two structural terms would hide the second")
    }

    @Test("the terms multiply back to pT / pC and their shares add up to pT − pC, on random nested and non-nested funnels")
    func termsMultiplyAndSharesAdd() throws {
        var generator = SplitMix64(seed: 41)
        var checked = 0
        for _ in 0..<300 {
            let steps = 1 + generator.next(below: 6)
            let funnels = (0..<2).map { _ in
                SimulatedFunnel(
                    stepRates: (0..<steps).map { _ in 0.3 + 0.7 * generator.nextUnit() }, goalRate: 0.2 + 0.8 * generator.nextUnit(),
                    shortcutRate: generator.next(below: 2) == 0 ? 0 : 0.1 * generator.nextUnit()
                )
            }
            let users = 20 + generator.next(below: 3000)
            let decomposition = decompose(funnels[0].arm(users: users, generator: &generator), funnels[1].arm(users: users, generator: &generator))
            expectDefined(decomposition)
            guard decomposition.refusal == nil, let ratio = decomposition.ratio, ratio > 0 else { continue }
            let product = decomposition.terms.compactMap(\.ratio).reduce(1, *)
            #expect(decomposition.terms.allSatisfy { $0.ratio != nil })
            #expect(abs(product - ratio) <= 1e-13 * ratio, "\(product) vs \(ratio)")
            let logSum = decomposition.terms.compactMap(\.logRatio).reduce(0, +)
            #expect(abs(logSum - log(ratio)) <= 1e-13)
            let shares = decomposition.terms.map(\.contribution).reduce(0, +)
            let difference = try #require(decomposition.difference)
            #expect(abs(shares - difference) <= 1e-14, "\(shares) vs \(difference)")
            for term in decomposition.terms {
                #expect(term.contribution == 0 || (term.contribution > 0) == ((term.logRatio ?? 0) > 0), "a share has its log ratio's sign")
            }
            checked += 1
        }
        #expect(checked > 250)
    }

    @Test("the product is exact in counts: the step fractions telescope to g / n₀ in each arm")
    func productTelescopes() throws {
        let progress = FunnelArmProgress(users: 997, stepUsers: [991, 613, 401, 97], conversions: 89)
        let passages = progress.termPassages
        #expect(passages.first?.reached == 997 && passages.last?.passed == 89)
        for index in passages.indices.dropFirst() { #expect(passages[index].reached == passages[index - 1].passed) }
    }

    @Test("for a nested goal the terms' variances add up to the end-to-end log-ratio variance, and the terms are uncorrelated")
    func variancesAdd() throws {
        let decomposition = decompose(
            FunnelArmProgress(users: 5000, stepUsers: [4500, 3600, 2520], conversions: 2142),
            FunnelArmProgress(users: 5100, stepUsers: [4600, 3650, 2500], conversions: 2100)
        )
        #expect(decomposition.isGoalNested)
        let sum = decomposition.terms.compactMap(\.logVariance).reduce(0, +)
        let endToEnd = try #require(decomposition.logRatioVariance)
        #expect(abs(sum - endToEnd) <= 1e-12 * endToEnd, "\(sum) vs \(endToEnd)")
        #expect(abs(endToEnd - (1.0 / 2142 - 1.0 / 5000 + 1.0 / 2100 - 1.0 / 5100)) <= 1e-18)
        let covariance = decomposition.termLogCovariance
        for row in covariance.indices {
            for column in covariance.indices where column != row {
                #expect(abs(covariance[row][column]) <= 1e-12 * covariance[row][row], "terms \(row + 1), \(column + 1)")
            }
        }
        // Each term's variance is the log binomial rate's, 1/x − 1/m, in both arms.
        let term = decomposition.terms[1]
        #expect(abs((term.logVariance ?? 0) - (1.0 / 3600 - 1.0 / 4500 + 1.0 / 3650 - 1.0 / 4600)) <= 1e-17)
    }

    @Test("a goal reached without the last step: the simple variance goes negative, the multinomial one does not, and only the full matrix adds up")
    func goalNotNested() throws {
        // Treatment: 40 users converted at the last step and 60 without reaching it; only 50 reached it.
        let treatment = FunnelArmProgress(notConverted: [300, 250, 10], converted: [30, 30, 40])
        let control = FunnelArmProgress(notConverted: [320, 260, 80], converted: [5, 5, 30])
        let decomposition = decompose(treatment, control)
        expectDefined(decomposition)
        #expect(!decomposition.isGoalNested && decomposition.refusal == nil)
        let goal = try #require(decomposition.terms.last)
        #expect(goal.treatment == StepArmPassage(reached: 50, passed: 100) && goal.treatment.rate == 2)
        let simple = 1.0 / 100 - 1.0 / 50
        #expect(simple < 0, "the per-step variance of a goal that is not nested can be negative")
        #expect((goal.logVariance ?? 0) > 0 && goal.method == .deltaLog && goal.reading == .measured)
        let covariance = decomposition.termLogCovariance
        #expect(abs(covariance[1][2]) > 1e-4, "the goal term correlates with the step before it")
        let total = covariance.flatMap { $0 }.reduce(0, +)
        let endToEnd = try #require(decomposition.logRatioVariance)
        #expect(abs(total - endToEnd) <= 1e-14, "\(total) vs \(endToEnd)")
        let diagonal = decomposition.terms.compactMap(\.logVariance).reduce(0, +)
        #expect(abs(diagonal - endToEnd) > 1e-3, "the diagonal alone does not add up")
        // The product and the shares still hold.
        #expect(abs(decomposition.terms.compactMap(\.ratio).reduce(1, *) - (decomposition.ratio ?? 0)) < 1e-12)
        #expect(abs(decomposition.terms.map(\.contribution).reduce(0, +) - (decomposition.difference ?? 0)) < 1e-15)
    }

    @Test("for nested cells the multinomial covariance is the per-step 1/x − 1/m, whether given as cells or as counts")
    func cellsAndCountsAgree() throws {
        let counts = FunnelArmProgress(users: 1000, stepUsers: [800, 500], conversions: 300)
        let cells = FunnelArmProgress(notConverted: [200, 300, 200], converted: [0, 0, 300])
        #expect(counts == cells)
        #expect(counts.isGoalNested && counts.stepCount == 2 && counts.users == 1000 && counts.conversions == 300)
        let matrix = StepLogCovariance.matrix(of: cells)
        for (index, expected) in [1.0 / 800 - 1.0 / 1000, 1.0 / 500 - 1.0 / 800, 1.0 / 300 - 1.0 / 500].enumerated() {
            #expect(abs(matrix[index][index] - expected) <= 1e-13 * expected)
        }
    }

    @Test("a rate of 1 in one arm only is near the boundary: a score interval, never a point")
    func rateOfOneInOneArm() throws {
        let decomposition = decompose(
            FunnelArmProgress(users: 3000, stepUsers: [3000, 2400], conversions: 2400),
            FunnelArmProgress(users: 3000, stepUsers: [2997, 2380], conversions: 2380)
        )
        expectDefined(decomposition)
        let first = decomposition.terms[0]
        #expect(first.reading == .nearBoundary && first.method == .score)
        let interval = try #require(first.interval)
        #expect(interval.lower < 1 && (interval.upper ?? 0) > 1.001, "\(interval)")
        let test = PooledZTest(treatment: ArmCounts(users: 3000, conversions: 3000), control: ArmCounts(users: 3000, conversions: 2997))
        #expect(first.pValue == test.pValue)
        #expect(decomposition.terms[2].reading == .structural)
    }

    @Test("a rate of 0 ends the chain: ratio 0 with a score interval from 0, the whole difference there, and later steps not reached")
    func chainEnds() throws {
        let decomposition = decompose(
            FunnelArmProgress(users: 500, stepUsers: [400, 0, 0], conversions: 0),
            FunnelArmProgress(users: 500, stepUsers: [410, 300, 200], conversions: 150)
        )
        expectDefined(decomposition)
        #expect(decomposition.terms.map(\.reading) == [.measured, .endsInTreatment, .notReachedInTreatment, .notReachedInTreatment])
        let ending = decomposition.terms[1]
        #expect(ending.ratio == 0 && ending.logRatio == nil && ending.method == .score)
        #expect(ending.interval?.lower == 0 && (ending.interval?.upper ?? 1) < 0.02 && ending.isFound)
        #expect(ending.contribution == -0.3 && decomposition.terms.map(\.contribution).reduce(0, +) == -0.3)
        #expect(decomposition.ratio == 0 && decomposition.logRatioVariance == nil)

        let mirrored = decompose(
            FunnelArmProgress(users: 500, stepUsers: [410, 300, 200], conversions: 150),
            FunnelArmProgress(users: 500, stepUsers: [400, 0, 0], conversions: 0)
        )
        expectDefined(mirrored)
        #expect(mirrored.terms[1].reading == .endsInControl && mirrored.terms[1].ratio == nil)
        #expect(mirrored.terms[1].interval?.upper == nil && (mirrored.terms[1].interval?.lower ?? 0) > 20)
        #expect(mirrored.terms[1].contribution == 0.3 && mirrored.ratio == nil)
    }

    @Test("a step nobody passes in either arm, and one nobody reaches, read so, are untested and share nothing")
    func nobodyPassesOrReaches() throws {
        let decomposition = decompose(
            FunnelArmProgress(users: 100, stepUsers: [50, 0], conversions: 0),
            FunnelArmProgress(users: 100, stepUsers: [60, 0], conversions: 0)
        )
        expectDefined(decomposition)
        #expect(decomposition.terms.map(\.reading) == [.measured, .nobodyPasses, .notReachedInEither])
        #expect(decomposition.terms.map(\.contribution) == [0, 0, 0] && decomposition.difference == 0)
        #expect(decomposition.terms[1].ratio == nil && !decomposition.terms[1].isTested)

        let oneArm = decompose(
            FunnelArmProgress(users: 100, stepUsers: [50, 0], conversions: 0),
            FunnelArmProgress(users: 100, stepUsers: [0, 0], conversions: 0)
        )
        #expect(oneArm.terms.map(\.reading) == [.endsInControl, .notReachedInControl, .notReachedInEither])
    }

    @Test("funnels of one step and of none: the goal term alone is the end-to-end ratio")
    func shortFunnels() throws {
        let oneStep = decompose(
            FunnelArmProgress(users: 1000, stepUsers: [700], conversions: 350),
            FunnelArmProgress(users: 1000, stepUsers: [650], conversions: 300)
        )
        expectDefined(oneStep)
        #expect(oneStep.terms.count == 2 && oneStep.terms.allSatisfy { $0.reading == .measured })
        let noSteps = decompose(
            FunnelArmProgress(users: 1000, stepUsers: [], conversions: 350),
            FunnelArmProgress(users: 1000, stepUsers: [], conversions: 300)
        )
        expectDefined(noSteps)
        let goal = try #require(noSteps.terms.first)
        #expect(noSteps.terms.count == 1 && goal.isGoal && goal.index == 1)
        #expect(abs((goal.ratio ?? 0) - 350.0 / 300) < 1e-15 && goal.logVariance == noSteps.logRatioVariance)
        // The goal alone is the end-to-end test on the log scale: Katz's interval, as the report's uplift.
        let uplift = try #require(RelativeUplift(
            treatment: ArmCounts(users: 1000, conversions: 350), control: ArmCounts(users: 1000, conversions: 300), alpha: 0.05
        ))
        #expect(abs((goal.interval?.lower ?? 0) - (1 + (uplift.interval?.lower ?? 0))) < 1e-12)
        #expect(abs((goal.interval?.upper ?? 0) - (1 + (uplift.interval?.upper ?? 0))) < 1e-12)
    }

    @Test("bad input is refused with a reason: empty arms, counts not nested, negative, too many, mismatched funnels")
    func refusals() throws {
        let good = FunnelArmProgress(users: 100, stepUsers: [80, 60], conversions: 50)
        let cases: [(FunnelArmProgress, FunnelArmProgress, StepDecompositionRefusal)] = [
            (FunnelArmProgress(users: 0, stepUsers: [0, 0], conversions: 0), good, .emptyArm(.treatment)),
            (good, FunnelArmProgress(users: 0, stepUsers: [0, 0], conversions: 0), .emptyArm(.control)),
            (FunnelArmProgress(users: 100, stepUsers: [80, 90], conversions: 50), good,
             .invalidCounts(.treatment, .notNested(step: 2, users: 90, previousUsers: 80))),
            (good, FunnelArmProgress(users: 100, stepUsers: [80, 60], conversions: 70), .invalidCounts(.control, .conversionsExceedLastStep(conversions: 70, lastStepUsers: 60))),
            (FunnelArmProgress(users: 100, stepUsers: [-1, 0], conversions: 0), good, .invalidCounts(.treatment, .negativeCount)),
            (FunnelArmProgress(notConverted: [Int.max, 1, 0], converted: [0, 0, 0]), good, .invalidCounts(.treatment, .tooManyUsers)),
            (FunnelArmProgress(notConverted: [1, 2], converted: [0, 0, 0]), good,
             .invalidCounts(.treatment, .cellColumnsDiffer(notConverted: 2, converted: 3))),
            (FunnelArmProgress(notConverted: [], converted: []), good, .invalidCounts(.treatment, .noCells)),
            (FunnelArmProgress(users: 100, stepUsers: [80], conversions: 50), good, .stepCountsDiffer(treatment: 1, control: 2)),
            (FunnelArmProgress(notConverted: [90, 0, 0], converted: [10, 0, 0]), good, .convertedWithoutReachingStep(.treatment, step: 1)),
        ]
        for (treatment, control, refusal) in cases {
            let decomposition = decompose(treatment, control)
            #expect(decomposition.refusal == refusal)
            #expect(decomposition.terms.isEmpty && decomposition.difference == nil && decomposition.ratio == nil)
            #expect(!refusal.explanation.isEmpty)
        }
        #expect(StepDecompositionRefusal.invalidCounts(.control, .notNested(step: 2, users: 90, previousUsers: 80)).explanation
            == "control's counts: step 2 has 90 users but the step before it 80: the counts are not nested")
    }

    @Test("no small funnel gives NaN: every cell count from 0 to 2 in two-step funnels")
    func exhaustiveSmallFunnels() throws {
        var cellsList: [[Int]] = [[]]
        for _ in 0..<6 { cellsList = cellsList.flatMap { prefix in (0...2).map { prefix + [$0] } } }
        var checked = 0
        var generator = SplitMix64(seed: 7)
        for _ in 0..<4000 {
            let treatment = cellsList[generator.next(below: cellsList.count)]
            let control = cellsList[generator.next(below: cellsList.count)]
            let decomposition = decompose(
                FunnelArmProgress(notConverted: Array(treatment[0..<3]), converted: Array(treatment[3..<6])),
                FunnelArmProgress(notConverted: Array(control[0..<3]), converted: Array(control[3..<6]))
            )
            expectDefined(decomposition, "\(treatment) \(control)")
            if decomposition.refusal == nil {
                let shares = decomposition.terms.map(\.contribution).reduce(0, +)
                #expect(abs(shares - (decomposition.difference ?? .nan)) < 1e-12, "\(treatment) \(control)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test("a term is found exactly when its adjusted interval excludes 1, and the adjusted interval holds the raw one")
    func foundMatchesAdjustedInterval() throws {
        var generator = SplitMix64(seed: 9)
        var found = 0
        var notFound = 0
        for correction in MultipleComparisonCorrection.allCases {
            for _ in 0..<200 {
                let base = SimulatedFunnel(stepRates: [0.9, 0.8, 0.7], goalRate: 0.85)
                var treatment = base
                treatment.stepRates[generator.next(below: 3)] *= 1 + 0.1 * generator.nextUnit()
                treatment.stepRates[0] = min(treatment.stepRates[0], 0.999)
                let users = 100 + generator.next(below: 2000)
                let decomposition = decompose(
                    treatment.arm(users: users, generator: &generator), base.arm(users: users, generator: &generator), correction: correction
                )
                expectDefined(decomposition)
                for term in decomposition.terms where term.isTested {
                    let adjusted = try #require(term.adjustedInterval)
                    let raw = try #require(term.interval)
                    #expect(adjusted.lower <= raw.lower * (1 + 1e-12) && (adjusted.upper ?? .infinity) >= (raw.upper ?? .infinity) * (1 - 1e-12))
                    guard let pValue = term.adjustedPValue, abs(pValue - 0.05) > 1e-9 else { continue }
                    #expect(term.isFound == adjusted.excludesOne, "\(term)")
                    #expect(term.isFound == (pValue < 0.05))
                    if term.isFound { found += 1 } else { notFound += 1 }
                }
            }
        }
        #expect(found > 50 && notFound > 50)
    }

    @Test("the correction runs across every treatment's tested terms together, as the metrics' does")
    func correctionAcrossTreatments() throws {
        let control = FunnelArmProgress(users: 4000, stepUsers: [3600, 2880, 2016], conversions: 1714)
        let treatments = [
            ("B", FunnelArmProgress(users: 4000, stepUsers: [3650, 2990, 2016], conversions: 1750)),
            ("C", FunnelArmProgress(users: 4000, stepUsers: [3560, 2800, 2100], conversions: 1700)),
        ]
        for correction in MultipleComparisonCorrection.allCases {
            let decompositions = StepDecomposition.decompose(control: ("A", control), treatments: treatments, correction: correction)
            let raw = decompositions.flatMap { $0.terms.compactMap(\.pValue) }
            #expect(raw.count == 8)
            #expect(decompositions.flatMap { $0.terms.compactMap(\.adjustedPValue) } == correction.adjust(raw))
            #expect(decompositions.map(\.variant) == ["B", "C"] && decompositions.allSatisfy { $0.correction == correction })
        }
    }

    @Test("an adjusted p-value of 1 leaves the adjusted interval unbounded, not infinite")
    func unboundedAdjustedInterval() throws {
        let decomposition = decompose(
            FunnelArmProgress(users: 1000, stepUsers: [800, 400], conversions: 200),
            FunnelArmProgress(users: 1000, stepUsers: [800, 400], conversions: 200)
        )
        for term in decomposition.terms {
            #expect(term.ratio == 1 && term.pValue == 1 && term.adjustedPValue == 1)
            #expect(term.adjustedInterval == StepRatioInterval(lower: 0, upper: nil))
        }
    }
}
