public import FlowEvents

/// The ordered steps, conversion window and goal a report measures for one experiment.
///
/// ## Semantics
/// The conventions of PostHog, Amplitude and Mixpanel ordered funnels, and GrowthBook's exposure rules:
/// - The unit of analysis is the user. Each user is anchored at one moment: in `report` mode their first
///   `exposure` to the experiment, in `compare` mode their first `session_started` in the file.
/// - Only events at or after the anchor and at most `conversionWindowSeconds` after it count (both ends
///   inclusive): for steps, for the goal, and for back-navigation and error counts.
/// - Each user's events are taken in the user's time order: by timestamp; within one millisecond exposures
///   first, the others simultaneous. However the lines of the log(s) arrive, the counts are the same, and an
///   SQL engine (``AggregateQuery``) counts them too.
/// - Steps are ordered: step *i* is reached by the first event matching it that occurs at or after the time
///   step *i − 1* was reached (the anchor for the first step), and one event completes at most one step.
///   Events of one millisecond are simultaneous: one that matches step *i* completes it once step *i − 1* is
///   reached in that millisecond, whichever of the two arrived first; of several, the step takes the one that
///   matches the fewest later steps (docs/Statistics.md), never the first line.
/// - Every step's conversion rate is over all users of the arm; the step-to-step rate is over the users who
///   reached the previous step (all users for the first step); drop-off is the users lost from the previous step.
/// - The goal is reached when any event matching `goal` occurs within the window, whether or not the steps
///   were reached. Goal conversions per arm feed the statistics.
///
/// - Time to convert is measured from the anchor to the moment each step was reached. Every converted user's
///   duration is kept (memory O(users × steps), exact rather than binned), and reports give the median and the
///   90th percentile by nearest rank.
/// - In `report` mode a user's variant is that of their first exposure; users later exposed to another variant
///   of the same experiment are counted, reported and excluded from every arm (GrowthBook's rule).
/// - Back navigations (`back` events, by the screen left) and failed mutations (`mutation` with outcome
///   `failed`, by screen and `reason`) are counted per arm.
///
/// When `steps` is empty the steps are discovered from the log: one step per screen of the `screen_shown`
/// events of the arm's users within their windows, ordered by the median (nearest rank) over those users of
/// the time from their anchor to the screen's first showing, ties by screen name. A user reaches a discovered
/// step when their first showing of its screen is at or after the moment they reached the previous step.
/// Arms of one experiment can therefore have different steps. Multi-variant users do not count towards them.
/// An arm has at most ``maximumDiscoveredSteps`` discovered steps, the first in that order; the screens after them
/// are counted and reported as beyond the cap, so a log of endless distinct screen names costs memory by its users,
/// not by its names.
///
/// docs/Statistics.md states these rules for engines that count from SQL.
public struct FunnelDefinition: Sendable, Hashable, Codable {
    /// The conversion window used when none is configured: 14 days, PostHog's default.
    public static let defaultConversionWindowSeconds = 14 * 24 * 60 * 60

    /// The funnel used when no configuration gives one: steps discovered from the screens, goal `flow_completed`.
    public static let screensInOrderSeen = FunnelDefinition(
        steps: [],
        conversionWindowSeconds: defaultConversionWindowSeconds,
        goal: EventMatcher(type: .flowCompleted)
    )

    /// The most steps an arm discovers from its screens: the screens its users first saw earliest (see above).
    public static let maximumDiscoveredSteps = 100

    /// The ordered steps; empty means steps discovered from the screens shown (see above).
    public var steps: [FunnelStep]
    /// How long after the anchor events still count, in seconds; negative values count as 0.
    public var conversionWindowSeconds: Int
    /// The events that count as converting, for the statistics.
    public var goal: EventMatcher

    /// Creates a definition.
    public init(steps: [FunnelStep], conversionWindowSeconds: Int = FunnelDefinition.defaultConversionWindowSeconds, goal: EventMatcher) {
        self.steps = steps
        self.conversionWindowSeconds = conversionWindowSeconds
        self.goal = goal
    }

    /// Whether the steps are discovered from the screens in the log rather than configured.
    public var discoversScreens: Bool { steps.isEmpty }

    /// The window in milliseconds, clamped to 0...Int64.max so that huge values cannot overflow.
    var conversionWindowMilliseconds: Int64 {
        let seconds = Int64(clamping: max(0, conversionWindowSeconds))
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        return overflow ? Int64.max : product
    }
}
