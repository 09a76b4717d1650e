import FlowEvents

/// What an experiment's funnel counts, which every variation of it must be able to log: a map checks
/// each step and the goal against the events each variation's flow logs on some path.
package struct FunnelExpectation: Sendable {
    /// One step, or the goal.
    package struct Step: Sendable {
        /// Its name, as the config gives it.
        package var name: String
        /// The events it counts.
        package var matcher: EventMatcher

        /// Names a step.
        package init(name: String, matcher: EventMatcher) {
            self.name = name
            self.matcher = matcher
        }
    }

    /// The experiment's key.
    package var experiment: String
    /// The slot it assigns.
    package var slot: String
    /// The variants it compares.
    package var variations: [String]
    /// Its steps, in order.
    package var steps: [Step]
    /// Its goal.
    package var goal: Step
    /// The events its metrics measure, each named for the metric, such as `metric "revenue"`.
    package var metricEvents: [Step] = []
    /// Where the funnel is configured, such as `Configuration/onboarding/experiments.json`.
    package var source: String

    /// The types of the events the host logs itself, not the flow (the session's start, exposures and
    /// assignments): a map cannot check the steps they make.
    package static let hostLoggedTypes: Set<EventType> = [.sessionStarted, .exposure, .assignment]

    /// Describes an experiment's funnel.
    package init(experiment: String, slot: String, variations: [String], steps: [Step], goal: Step, source: String) {
        self.experiment = experiment
        self.slot = slot
        self.variations = variations
        self.steps = steps
        self.goal = goal
        self.source = source
    }
}
