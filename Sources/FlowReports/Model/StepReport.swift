/// One funnel step of an arm.
public struct StepReport: Sendable, Hashable, Codable {
    /// The step's name.
    public var name: String
    /// Users who reached the step.
    public var users: Int
    /// users / users of the arm; 0 without users.
    public var conversionRate: Double
    /// users / users who reached the previous step (the arm's users for the first step); 0 when that is 0.
    public var stepConversionRate: Double
    /// Users who reached the previous step but not this one.
    public var dropOffUsers: Int
    /// dropOffUsers / users who reached the previous step; 0 when that is 0.
    public var dropOffRate: Double
    /// Median seconds from the anchor to reaching the step (nearest rank); nil when nobody reached it.
    public var medianSecondsToConvert: Double?
    /// 90th-percentile seconds from the anchor to reaching the step (nearest rank); nil when nobody reached it.
    public var p90SecondsToConvert: Double?
    /// The screen the step's events are on, when its matcher names one (a `screen_shown` step, or another event type
    /// with a `screen`); nil for a step any screen can make. The HTML marks it on the observed-paths map.
    public var screen: String?

    /// Creates a step report.
    public init(
        name: String, users: Int, conversionRate: Double, stepConversionRate: Double, dropOffUsers: Int,
        dropOffRate: Double, medianSecondsToConvert: Double?, p90SecondsToConvert: Double?
    ) {
        self.name = name
        self.users = users
        self.conversionRate = conversionRate
        self.stepConversionRate = stepConversionRate
        self.dropOffUsers = dropOffUsers
        self.dropOffRate = dropOffRate
        self.medianSecondsToConvert = medianSecondsToConvert
        self.p90SecondsToConvert = p90SecondsToConvert
    }

    enum CodingKeys: String, CodingKey {
        case name
        case users
        case conversionRate = "conversion_rate"
        case stepConversionRate = "step_conversion_rate"
        case dropOffUsers = "drop_off_users"
        case dropOffRate = "drop_off_rate"
        case medianSecondsToConvert = "median_seconds_to_convert"
        case p90SecondsToConvert = "p90_seconds_to_convert"
        case screen
    }
}
