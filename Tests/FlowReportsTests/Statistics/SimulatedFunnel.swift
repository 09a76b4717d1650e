import SeededRandom
@testable import FlowReports

/// A funnel whose users pass each step by an independent Bernoulli draw, for the simulation tests of
/// ``StepDecomposition``: `stepRates[k − 1]` is the chance to reach step k from step k − 1, `goalRate` the chance to
/// convert after the last step, and `shortcutRate` the chance to convert for a user who stopped earlier (0: the goal is
/// nested in the last step).
struct SimulatedFunnel {
    var stepRates: [Double]
    var goalRate: Double
    var shortcutRate = 0.0

    /// One arm of `users` users.
    func arm(users: Int, generator: inout SplitMix64) -> FunnelArmProgress {
        var notConverted = [Int](repeating: 0, count: stepRates.count + 1)
        var converted = notConverted
        for _ in 0..<users {
            var furthest = 0
            while furthest < stepRates.count, generator.nextUnit() < stepRates[furthest] { furthest += 1 }
            let conversion = furthest == stepRates.count ? goalRate : shortcutRate
            if generator.nextUnit() < conversion { converted[furthest] += 1 } else { notConverted[furthest] += 1 }
        }
        return FunnelArmProgress(notConverted: notConverted, converted: converted)
    }

    /// The population rate of each term: the step rates, then conversions per user who reached the last step.
    var termRates: [Double] {
        let reachedLast = stepRates.reduce(1, *)
        return stepRates + [(reachedLast * goalRate + (1 - reachedLast) * shortcutRate) / reachedLast]
    }

    /// The ratio of each term's population rate in `self` (treatment) to `control`'s.
    func termRatios(against control: SimulatedFunnel) -> [Double] {
        zip(termRates, control.termRates).map { $0 / $1 }
    }
}
