import FlowEvents

/// A funnel's steps and goal prepared once for matching every event of a log: an event is checked only
/// against the steps of its own type, so most events (session starts, assignments, child flows) cost a table
/// lookup, and its ``StepSignature`` is computed in one pass.
struct FunnelMatcher: Sendable {
    /// One configured step, in the table of its event type.
    private struct Step: Sendable {
        let index: Int
        let pattern: EventPattern
    }

    /// How many steps the funnel configures; 0 when it discovers them from the screens shown.
    let stepCount: Int
    private let goalType: EventType
    private let goal: EventPattern
    /// The steps grouped by event type (in `EventType.denseIndex` order), each group largest step first.
    private let steps: [Step]
    /// Where each event type's group starts in `steps`, and (last) where the final group ends.
    private let groupStarts: [Int]

    init(_ funnel: FunnelDefinition) {
        stepCount = funnel.steps.count
        goalType = funnel.goal.type
        goal = EventPattern(funnel.goal)
        var groups = Array(repeating: [Step](), count: EventType.denseIndexCount)
        for (index, step) in funnel.steps.enumerated().reversed() {
            groups[step.matcher.type.denseIndex].append(Step(index: index, pattern: EventPattern(step.matcher)))
        }
        steps = groups.flatMap { $0 }
        var starts = [0]
        for group in groups {
            starts.append(starts[starts.count - 1] + group.count)
        }
        groupStarts = starts
    }

    /// Whether `event` matches the funnel's goal.
    func matchesGoal(_ event: FlowEvent) -> Bool {
        event.type == goalType && goal.matchesFields(of: event)
    }

    /// The steps from `first` on that `event` matches.
    func signature(of event: FlowEvent, from first: Int) -> StepSignature {
        var signature = StepSignature()
        let type = event.type.denseIndex
        var position = groupStarts[type]
        let end = groupStarts[type + 1]
        while position < end, steps[position].index >= first {
            if steps[position].pattern.matchesFields(of: event) {
                signature.insert(steps[position].index)
            }
            position += 1
        }
        return signature
    }
}
