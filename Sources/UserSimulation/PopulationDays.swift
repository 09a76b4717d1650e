/// How a simulated population spans days: users first arrive over the experiment's days, come back on later days
/// with a chance of their own, and may have visited before the experiment began (behaviour model `days`).
///
/// Each user draws a latent *propensity* (log-normal, median 1): it multiplies their daily chance to come back
/// and divides their chance to abandon a screen, so users who come back often also finish more, before and after
/// exposure alike, as in real traffic.
///
/// ```json
/// "days": { "count": 14, "historyDays": 14, "returnsPerDay": 0.1, "propensitySpread": 0.8,
///           "variants": { "signup-after-profile": { "returnsPerDay": 0.08 } } }
/// ```
package struct PopulationDays: Sendable, Hashable {
    /// Days the experiment runs: users first arrive uniformly over them, and come back until they end.
    package var count: Int
    /// Days before the experiment on which users may have visited, running the slots' default variants.
    package var historyDays: Int
    /// The chance that a user of propensity 1 has a session on any one day after their first, or before the
    /// experiment.
    package var returnsPerDay: Double
    /// The standard deviation of the logarithm of the users' propensity; 0 makes every user alike.
    package var propensitySpread: Double
    /// `returnsPerDay` after exposure for users running a variant, by variant id; later variants of a user win.
    package var variantReturnsPerDay: [String: Double]

    /// The limits a behaviour model's `days` is checked against.
    package static let dayCountRange = 1...366
    package static let historyDayRange = 0...366
    package static let spreadRange = 0.0...3.0

    package init(count: Int, historyDays: Int = 0, returnsPerDay: Double, propensitySpread: Double = 0, variantReturnsPerDay: [String: Double] = [:]) {
        self.count = count
        self.historyDays = historyDays
        self.returnsPerDay = returnsPerDay
        self.propensitySpread = propensitySpread
        self.variantReturnsPerDay = variantReturnsPerDay
    }

    /// The daily chance to come back after exposure of a user running `variants`, before their propensity.
    func returnsPerDay(runningVariants variants: [String]) -> Double {
        var chance = returnsPerDay
        for variant in variants {
            if let override = variantReturnsPerDay[variant] { chance = override }
        }
        return chance
    }
}
