import FlowEvents

/// How many of a funnel's steps, in their order, some path of an explored map completes, counted as a
/// report counts one session (`FunnelDefinition`): a step is completed by an event that matches it at or
/// after the moment the step before it was, and one event completes at most one step.
///
/// The events one turn logs (the start, an action, back, abandoning) are taken as simultaneous, as a
/// simulation logs them in one millisecond and as a report counts the events of one millisecond: a turn
/// completes its steps whatever order it logs them in. Steps of the events the host logs itself
/// (`FunnelExpectation.hostLoggedTypes`) are taken as completed wherever they fall. Both make the count
/// generous: it is the most any session on the map could complete, so fewer than every step means no
/// session completes them all in order.
package struct FunnelStepProgress {
    /// The most steps, from the first, that some path completes in order.
    package private(set) var furthest = 0

    /// Follows every path of `map` through `steps`, in order.
    package init(of map: VariantMap, steps: [EventMatcher]) {
        guard !map.states.isEmpty else { return }
        var outgoing = Array(repeating: [Int](), count: map.states.count)
        for (index, transition) in map.transitions.enumerated() { outgoing[transition.from].append(index) }
        // The most steps completed on arriving in each state. More is never worse: what completes the
        // steps after the k-th also completes those after any later one, so the best count per state is
        // all a path needs to carry.
        var best = Array(repeating: -1, count: map.states.count)
        best[0] = Self.completed(after: 0, by: map.startEvents, steps: steps)
        furthest = best[0]
        var pending = [0]
        while let state = pending.popLast(), furthest < steps.count {
            let arrived = best[state]
            furthest = max(furthest, Self.completed(after: arrived, by: map.states[state].abandonEvents, steps: steps))
            for index in outgoing[state] {
                let transition = map.transitions[index]
                let reached = Self.completed(after: arrived, by: transition.events, steps: steps)
                furthest = max(furthest, reached)
                if reached > best[transition.to] {
                    best[transition.to] = reached
                    pending.append(transition.to)
                }
            }
        }
    }

    /// How many steps are completed once the simultaneous `events` follow `completed` completed steps: the
    /// longest run of the next steps that distinct events can each match (a matching, grown one step at a time).
    static func completed(after completed: Int, by events: [EmittedEvent], steps: [EventMatcher]) -> Int {
        var reached = completed
        var stepOfEvent = Array(repeating: -1, count: events.count)
        var tried: [Bool] = []
        // Kuhn's augmenting path: gives `step` an event, moving an earlier step to another event if need be.
        func assign(_ step: Int) -> Bool {
            for event in events.indices where !tried[event] && events[event].isMatched(by: steps[step]) {
                tried[event] = true
                if stepOfEvent[event] < 0 || assign(stepOfEvent[event]) {
                    stepOfEvent[event] = step
                    return true
                }
            }
            return false
        }
        while reached < steps.count {
            if !FunnelExpectation.hostLoggedTypes.contains(steps[reached].type) {
                tried = Array(repeating: false, count: events.count)
                guard assign(reached) else { break }
            }
            reached += 1
        }
        return reached
    }
}
