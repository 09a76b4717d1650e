/// What one row of the aggregate query's output counts (the `measure` column).
public enum AggregateMeasure: String, Sendable, CaseIterable {
    /// `exposure` events without experiment or variant, over the whole input: `total`.
    case incompleteExposures = "incomplete_exposures"
    /// Events read again after their first delivery (the same user, session and `seq`, or identical events in a log
    /// without `seq`), left out of every other row, over the whole input: `total`.
    case duplicateEvents = "duplicate_events"
    /// The earliest time of any event, over the whole input: `value` (epoch milliseconds); `total` is the events. Where
    /// the log begins, for CUPED's lookbacks that reach before it; counts without it say nothing of that.
    case firstEvent = "first_event"
    /// Users of `experiment` exposed to more than one variant: `total`.
    case multiVariantUsers = "multi_variant_users"
    /// The earliest exposure to `variant`, multi-variant users' included: `value` (epoch milliseconds);
    /// `total` is the users so exposed.
    case firstExposure = "first_exposure"
    /// Users of the arm, multi-variant users excluded: `total`.
    case users
    /// Users who reached the goal `value` milliseconds after their exposure: `total`.
    case goal
    /// Users who reached step `step` (from 1) `value` milliseconds after their exposure: `total`.
    case step
    /// Users who reached step `step` (from 1) `value` milliseconds after they reached the step before (after their
    /// exposure, for step 1): `total`. Step times are compared from these; counts without them do not compare them.
    case stepGap = "step_gap"
    /// Users who reached the goal and step `step` (from 1; 0 counts every user who reached the goal): `total`. The
    /// step decomposition reads how far converted users got from these; counts without them are not decomposed.
    case convertedReachingStep = "converted_reaching_step"
    /// A discovered step of the arm: its number `step` and its screen `name`.
    case discoveredStep = "discovered_step"
    /// Screens of the arm beyond the cap on discovered steps (``FunnelDefinition/maximumDiscoveredSteps``): `total`.
    case discoveredScreensBeyondCap = "discovered_screens_beyond_cap"
    /// Back navigations leaving screen `name`: `total`.
    case back
    /// Failed mutations on screen `name` for `reason`: `total`.
    case failedMutation = "failed_mutation"
    /// Users with `value` (more than 0) back navigations in their window: `total`. Written by queries before
    /// metric groups (``metricGroup``), which count these as well; still read.
    case userBackNavigations = "user_back_navigations"
    /// Users with `value` (more than 0) failed mutations in their window: `total`. Written by queries before
    /// metric groups (``metricGroup``), which count these as well; still read.
    case userFailedMutations = "user_failed_mutations"
    /// The arm's users were measured for the metric measurements of group `step` (from 1), whose metrics are
    /// `name` (docs/Warehouses.md, "Metrics: users per tuple of values"); its users' values are in ``metricUsers`` rows.
    case metricGroup = "metric_group"
    /// Users whose values of the measurements of group `step` are `reason` (one field per measurement, separated by `|`): `total`. Users
    /// no row names have no value of any measurement of the group.
    case metricUsers = "metric_users"
    /// Users whose segment is `name`: `total`.
    case segmentUsers = "segment_users"
    /// Users whose segment is `name` who reached the goal: `total`.
    case segmentConversions = "segment_conversions"
}
