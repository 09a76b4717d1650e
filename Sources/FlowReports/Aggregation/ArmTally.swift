/// The counts of one arm once every event has been consumed: the raw material of an ``ArmReport``.
struct ArmTally: Sendable, Hashable {
    /// Users of the arm (multi-variant users already excluded).
    var users = 0
    /// Users who reached the goal within their window.
    var goalConversions = 0
    /// The arm's steps.
    var steps: [FunnelStep]
    /// For each step, the milliseconds from anchor to reaching it of every user who reached it.
    var stepDurations: [[Int64]]
    /// Back navigations by the screen left.
    var backNavigationsByScreen: [String: Int] = [:]
    /// Failed mutations by screen, then reason.
    var failuresByScreen: [String: [String: Int]] = [:]

    /// Tallies `users` over `steps`.
    init(steps: [FunnelStep], users: some Sequence<UserFunnelProgress>) {
        self.steps = steps
        stepDurations = Array(repeating: [], count: steps.count)
        for user in users {
            add(user)
        }
    }

    private mutating func add(_ user: UserFunnelProgress) {
        users += 1
        if user.reachedGoal { goalConversions += 1 }
        for (index, offset) in user.stepOffsets.enumerated() where index < stepDurations.count {
            stepDurations[index].append(offset)
        }
        for (screen, count) in user.backNavigationsByScreen {
            backNavigationsByScreen[screen, default: 0] += count
        }
        for (screen, reasons) in user.failuresByScreen {
            for (reason, count) in reasons {
                failuresByScreen[screen, default: [:]][reason, default: 0] += count
            }
        }
    }
}
