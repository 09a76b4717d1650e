/// An experiment's request for CUPED (`analysis.cuped`): each metric adjusted by the same metric over a lookback
/// window before each user's first exposure (`RegressionAdjustedArms`).
public struct RegressionAdjustmentSettings: Sendable, Hashable {
    /// The config key of the lookback.
    public static let lookbackDaysKey = "lookbackDays"
    /// The lookbacks a config may ask for, in days.
    public static let lookbackDaysRange = 1...365

    /// How many days before each user's first exposure the covariate covers.
    public var lookbackDays: Int

    /// A lookback of `lookbackDays`, which must be in ``lookbackDaysRange``.
    public init(lookbackDays: Int) throws(Invalid) {
        guard Self.lookbackDaysRange.contains(lookbackDays) else { throw Invalid(lookbackDays: lookbackDays) }
        self.lookbackDays = lookbackDays
    }

    /// A lookback out of ``RegressionAdjustmentSettings/lookbackDaysRange``.
    public struct Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        /// The lookback asked for.
        public var lookbackDays: Int

        /// What was expected and found, e.g. `0 is out of range; expected a whole number of days from 1 to 365`.
        public var description: String {
            "\(lookbackDays) is out of range; expected a whole number of days from \(RegressionAdjustmentSettings.lookbackDaysRange.lowerBound) "
                + "to \(RegressionAdjustmentSettings.lookbackDaysRange.upperBound) before exposure (14 is common)"
        }
    }
}
