public import FlowEvents

/// What a metric measures for each user, and so how the arms are compared.
public enum MetricKind: Sendable, Hashable {
    /// The share of users with at least one event matching the matcher, e.g. users who saw a declined card.
    case proportion(EventMatcher)
    /// The mean over users of a per-user value: the count of matching events, or the sum of a numeric property
    /// of them; users without one count as 0.
    case mean(MetricValue)
    /// The sum over users of one metric's values over the sum of another's, e.g. revenue per order. Both
    /// name `proportion` or `mean` metrics by id.
    case ratio(numerator: String, denominator: String)
    /// A quantile (0.5 is the median) of the per-user values of another metric, over the users who have one: a
    /// `mean` metric's users with at least one matching event, or a `duration` metric's users who reached its end.
    case quantile(of: String, level: Double)
    /// Seconds from a user's first `start` event to their first `end` event at or after it, compared as a
    /// mean over the users who reached the end; the others are missing, and counted.
    case duration(start: DurationStart, end: EventMatcher)
    /// The share of users with an event matching the matcher on the given days after their exposure, e.g. came
    /// back on days 1 to 7; users whose last day had not ended when the log did are left out, and counted.
    case retention(EventMatcher, days: RetentionDays)

    /// The kind's name as the config spells it.
    public var name: String {
        switch self {
        case .proportion: "proportion"
        case .mean: "mean"
        case .ratio: "ratio"
        case .quantile: "quantile"
        case .duration: "duration"
        case .retention: "retention"
        }
    }
}

/// Where a duration metric starts counting.
public enum DurationStart: Sendable, Hashable {
    /// At the user's first exposure to the experiment.
    case exposure
    /// At the user's first event matching the matcher in the window.
    case event(EventMatcher)
}
