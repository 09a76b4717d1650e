import Foundation
import SeededRandom

/// When one simulated user visits, under a behaviour model's ``PopulationDays``: their first session in the
/// experiment at their arrival, the days they come back after it, and the days they visited before the
/// experiments began. Times are milliseconds after the simulation's start.
struct UserVisits {
    static let dayMilliseconds: Int64 = 86_400_000

    /// The user's latent propensity, median 1: it multiplies their daily chance to come back and divides their
    /// chance to abandon a screen.
    let propensity: Double
    /// Sessions before the experiments began, in time order.
    let before: [Int64]
    /// Sessions after the first, one at most per later day of the experiment, in time order.
    let after: [Int64]

    /// Draws the visits of a user who first arrives `arrival` milliseconds after the start and runs `variants`,
    /// with `generator`: the propensity, then each day before the experiment, then each day after the arrival's.
    init(days: PopulationDays, arrival: Int64, variants: [String], using generator: inout SplitMix64) {
        let propensity = days.propensitySpread > 0 ? exp(days.propensitySpread * StandardNormal.draw(using: &generator)) : 1
        func visits(on days: Range<Int>, chance: Double) -> [Int64] {
            var times: [Int64] = []
            for day in days where Double.random(in: 0..<1, using: &generator) < min(1, chance * propensity) {
                times.append(Int64(day) * Self.dayMilliseconds + Int64.random(in: 0..<Self.dayMilliseconds, using: &generator))
            }
            return times
        }
        self.propensity = propensity
        before = visits(on: -days.historyDays..<0, chance: days.returnsPerDay)
        let arrivalDay = Int(arrival / Self.dayMilliseconds)
        after = visits(on: arrivalDay + 1..<max(arrivalDay + 1, days.count), chance: days.returnsPerDay(runningVariants: variants))
    }
}
