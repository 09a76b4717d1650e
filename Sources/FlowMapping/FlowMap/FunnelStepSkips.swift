import FlowEvents

/// The steps of a funnel some path of an explored map can skip: after completing the steps before it in order, the
/// path goes on to complete a later step without ever logging this one in between.
///
/// A report's funnel is nested: a user who skips step k is counted up to step k − 1 and no further, whatever later
/// steps they reach. The decomposition stays exact (its terms still multiply to the ratio of conversion rates), but
/// a reader should know that a variant's users can take a route the funnel does not follow. Steps are completed as
/// ``FunnelStepProgress`` completes them: the events of one turn are simultaneous, so a turn that logs step k with a
/// later step does not skip it. Steps of events the host logs itself (``FunnelExpectation/hostLoggedTypes``) are
/// never skipped, and the last step cannot be (no step comes after it).
package struct FunnelStepSkips {
    /// The indices of the steps some path skips, in order.
    package private(set) var skippable: [Int] = []

    /// Follows every path of `map` through `steps`.
    package init(of map: VariantMap, steps: [EventMatcher]) {
        guard !map.states.isEmpty, steps.count > 1 else { return }
        for skipped in 0..<(steps.count - 1) where !FunnelExpectation.hostLoggedTypes.contains(steps[skipped].type) {
            let canSkip = (skipped + 1..<steps.count).contains { later in
                Self.reaches(later, skipping: skipped, of: steps, on: map)
            }
            if canSkip { skippable.append(skipped) }
        }
    }

    /// Whether some path completes the steps before `skipped`, then `later`, and logs no event of `skipped` from the
    /// turn that completes the step before it (the start, for the first step) on.
    static func reaches(_ later: Int, skipping skipped: Int, of steps: [EventMatcher], on map: VariantMap) -> Bool {
        let followed = Array(steps[..<skipped]) + [steps[later]]
        let goal = followed.count
        // A turn may be taken when it does not log the skipped step once the steps before it are completed (by the
        // turn itself or earlier); it returns the steps completed after it, or nil when it logs the skipped step.
        func take(_ events: [EmittedEvent], after completed: Int) -> Int? {
            let reached = FunnelStepProgress.completed(after: completed, by: events, steps: followed)
            if reached >= skipped, events.contains(where: { $0.isMatched(by: steps[skipped]) }) { return nil }
            return reached
        }
        guard let start = take(map.startEvents, after: 0) else { return false }
        if start == goal { return true }
        var outgoing = Array(repeating: [Int](), count: map.states.count)
        for (index, transition) in map.transitions.enumerated() { outgoing[transition.from].append(index) }
        // Each state with each count of followed steps completed on arriving, visited once. A larger count is not
        // always better here (it forbids the skipped step's events sooner), so the counts are kept apart.
        var visited = Array(repeating: false, count: map.states.count * (goal + 1))
        visited[start] = true
        var pending = [(state: 0, completed: start)]
        while let (state, arrived) = pending.popLast() {
            if take(map.states[state].abandonEvents, after: arrived) == goal { return true }
            for index in outgoing[state] {
                let transition = map.transitions[index]
                guard let reached = take(transition.events, after: arrived) else { continue }
                if reached == goal { return true }
                let key = transition.to * (goal + 1) + reached
                if !visited[key] {
                    visited[key] = true
                    pending.append((transition.to, reached))
                }
            }
        }
        return false
    }
}
