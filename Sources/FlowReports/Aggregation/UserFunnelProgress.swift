import FlowEvents

/// How far one user got through a funnel, updated one event at a time; see ``FunnelDefinition`` for the rules.
///
/// Memory is bounded by the number of steps and distinct screens and failure reasons, never by events.
struct UserFunnelProgress: Sendable {
    /// The moment the user's window opens: their exposure or first session start.
    let anchor: EventTimestamp
    /// Milliseconds from the anchor to the moment each reached step was reached, in step order.
    private(set) var stepOffsets: [Int64] = []
    /// Whether a goal event occurred within the window.
    private(set) var reachedGoal = false
    /// Back navigations by the screen that was left.
    private(set) var backNavigationsByScreen: [String: Int] = [:]
    /// Failed mutations by screen, then by failure reason.
    private(set) var failuresByScreen: [String: [String: Int]] = [:]

    /// The screen name counted for back and error events that name no screen.
    static let unknownScreen = "(none)"
    /// The reason counted for failed mutations that give none.
    static let unknownReason = "(unspecified)"

    init(anchor: EventTimestamp) {
        self.anchor = anchor
    }

    /// Whether `event` lies in this user's window: at or after the anchor and at most `windowMilliseconds` later.
    func isInWindow(_ event: FlowEvent, windowMilliseconds: Int64) -> Bool {
        let (offset, overflow) = event.time.millisecondsSince1970
            .subtractingReportingOverflow(anchor.millisecondsSince1970)
        return !overflow && offset >= 0 && offset <= windowMilliseconds
    }

    /// Counts `event` towards the steps, the goal and the per-screen tallies, if it lies in the window.
    mutating func consume(_ event: FlowEvent, steps: [FunnelStep], goal: EventMatcher, windowMilliseconds: Int64) {
        guard isInWindow(event, windowMilliseconds: windowMilliseconds) else { return }
        let offset = event.time.millisecondsSince1970 - anchor.millisecondsSince1970
        let nextStep = stepOffsets.count
        // Earlier-stamped events can only arrive out of order in logs that break the time-order assumption;
        // they must not complete a step before the previous one was reached.
        if nextStep < steps.count, offset >= (stepOffsets.last ?? 0), steps[nextStep].matcher.matches(event) {
            stepOffsets.append(offset)
        }
        if !reachedGoal, goal.matches(event) {
            reachedGoal = true
        }
        switch event.type {
        case .back:
            backNavigationsByScreen[event.screen ?? Self.unknownScreen, default: 0] += 1
        case .mutation where event.properties["outcome"] == "failed":
            let reason = event.properties["reason"] ?? Self.unknownReason
            failuresByScreen[event.screen ?? Self.unknownScreen, default: [:]][reason, default: 0] += 1
        default:
            break
        }
    }
}
