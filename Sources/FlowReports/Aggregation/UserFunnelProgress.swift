import FlowEvents

/// How far one user got through a funnel, updated one event at a time; see ``FunnelDefinition`` for the rules.
///
/// Events must be handed over in the user's time order (``UserEventOrder``). Memory is bounded by the number
/// of steps, distinct screens, failure reasons and the events of one millisecond, never by the user's events.
struct UserFunnelProgress: Sendable {
    /// The moment the user's window opens: their exposure or first session start.
    let anchor: EventTimestamp
    /// Milliseconds from the anchor to the moment each reached configured step was reached, in step order.
    private(set) var stepOffsets: [Int64] = []
    /// Milliseconds from the anchor to the first showing of each screen in the window, for discovered steps.
    private(set) var firstShownOffsets: [String: Int64] = [:]
    /// Whether a goal event occurred within the window.
    private(set) var reachedGoal = false
    /// Milliseconds from the anchor to the first goal event in the window.
    private(set) var goalOffset: Int64?
    /// The segment property of the user's first `session_started` in the window, when segments are asked for.
    private(set) var segment: String?
    /// Back navigations by the screen that was left.
    private(set) var backNavigationsByScreen: [String: Int] = [:]
    /// Failed mutations by screen, then by failure reason.
    private(set) var failuresByScreen: [String: [String: Int]] = [:]
    /// The offset of the millisecond the last step-matching event fell in.
    private var instantOffset: Int64 = -1
    /// Events of that millisecond that match a later step than the next one, in arrival order: one of them may
    /// complete a step that another event of the same millisecond unlocks. None of them matches the next step.
    private var waitingAtInstant: [FlowEvent] = []

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
    ///
    /// - Parameter steps: the configured steps; empty when steps are discovered from the screens shown.
    mutating func consume(
        _ event: FlowEvent, steps: [FunnelStep], goal: EventMatcher, windowMilliseconds: Int64, segmentKey: String? = nil
    ) {
        guard isInWindow(event, windowMilliseconds: windowMilliseconds) else { return }
        if let segmentKey, segment == nil, event.type == .sessionStarted {
            segment = event.properties[segmentKey]
        }
        let offset = event.time.millisecondsSince1970 - anchor.millisecondsSince1970
        if steps.isEmpty {
            if event.type == .screenShown, let screen = event.screen, firstShownOffsets[screen] == nil {
                firstShownOffsets[screen] = offset
            }
        } else {
            matchSteps(event, at: offset, steps: steps)
        }
        if !reachedGoal, goal.matches(event) {
            reachedGoal = true
            goalOffset = offset
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

    /// The ordered-funnel rule: the next step is completed by an event matching it at or after the moment the
    /// previous step was reached. Events of one millisecond are simultaneous: an event that arrived before the
    /// step it matches was unlocked (by another event of that millisecond) still completes it.
    private mutating func matchSteps(_ event: FlowEvent, at offset: Int64, steps: [FunnelStep]) {
        let next = stepOffsets.count
        guard next < steps.count else { return }
        if offset != instantOffset {
            instantOffset = offset
            if !waitingAtInstant.isEmpty { waitingAtInstant.removeAll(keepingCapacity: true) }
        }
        guard steps[next].matcher.matches(event) else {
            if steps[(next + 1)...].contains(where: { $0.matcher.matches(event) }) {
                waitingAtInstant.append(event)
            }
            return
        }
        stepOffsets.append(offset)
        // The step just reached may unlock the next one for an event of this millisecond that is waiting.
        while stepOffsets.count < steps.count, !waitingAtInstant.isEmpty,
              let used = waitingAtInstant.firstIndex(where: { steps[stepOffsets.count].matcher.matches($0) }) {
            waitingAtInstant.remove(at: used)
            stepOffsets.append(offset)
        }
        // Waiting events that match no step from the next on can never be used.
        guard !waitingAtInstant.isEmpty else { return }
        waitingAtInstant.removeAll { waiting in !steps[stepOffsets.count...].contains { $0.matcher.matches(waiting) } }
    }

    /// The offsets at which `screens` (discovered steps, in order) were reached: each screen's first showing
    /// counts when it is at or after the moment the previous screen was reached.
    func offsets(ofDiscovered screens: [String]) -> [Int64] {
        var offsets: [Int64] = []
        for screen in screens {
            guard let offset = firstShownOffsets[screen], offset >= (offsets.last ?? 0) else { break }
            offsets.append(offset)
        }
        return offsets
    }
}
