import FlowEvents

/// How far one user got through a funnel, updated one event at a time; see ``FunnelDefinition`` for the rules.
///
/// Events must be handed over in the user's time order (docs/Statistics.md, "Counting rules"). Memory is bounded by the number
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
    /// The user's value of each of the experiment's metric measurements, in their order; empty without metrics.
    private(set) var measures: [UserMeasure] = []
    /// The user's value of each CUPED covariate, aligned with the experiment's ``ExperimentMetrics/covariates``;
    /// empty when no metric of the experiment is adjusted.
    var covariates: [Double] = []
    /// The offset of the millisecond the last step-matching event fell in.
    private var instantOffset: Int64 = -1
    /// How many steps were reached before that millisecond.
    private var stepsBeforeInstant = 0
    /// The step signature (``StepSignature``) of that millisecond's first event that matches a step from
    /// `stepsBeforeInstant` on: most milliseconds hold no other, so it is kept without allocating.
    private var firstSignatureAtInstant: StepSignature?
    /// Once a second such event arrives in the millisecond, the signatures of all of them, kept sorted: the steps
    /// reached in the millisecond depend on this set only.
    private var signaturesAtInstant: [StepSignature] = []
    /// The offset of the `session_started` that gave ``segment``.
    private var segmentOffset: Int64 = 0

    /// The screen name counted for back and error events that name no screen.
    static let unknownScreen = "(none)"
    /// The reason counted for failed mutations that give none.
    static let unknownReason = "(unspecified)"
    /// The property of a `mutation` that says whether it failed, and the value that says it did.
    static let outcomeKey = "outcome", failedOutcome = "failed"
    /// The property of a failed `mutation` that says why.
    static let reasonKey = "reason"

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
    /// - Parameters:
    ///   - funnel: the funnel's steps and goal; no steps when they are discovered from the screens shown.
    ///   - metrics: the experiment's metric measurements, each with a window of its own; nil without metrics.
    mutating func consume(
        _ event: FlowEvent, funnel: FunnelMatcher, windowMilliseconds: Int64, segmentKey: String? = nil,
        metrics: MeasurementMatcher? = nil
    ) {
        if let metrics { measure(event, metrics) }
        guard isInWindow(event, windowMilliseconds: windowMilliseconds) else { return }
        let offset = event.time.millisecondsSince1970 - anchor.millisecondsSince1970
        if let segmentKey, event.type == .sessionStarted, let value = event.properties[segmentKey] {
            // The earliest session start carrying the property; of one millisecond, the smallest value in
            // UTF-8 byte order, so that no line order changes it.
            if segment == nil || offset == segmentOffset && value.utf8.lexicographicallyPrecedes(segment?.utf8 ?? "".utf8) {
                segment = value
                segmentOffset = offset
            }
        }
        if funnel.stepCount == 0 {
            if event.type == .screenShown, let screen = event.screen, firstShownOffsets[screen] == nil {
                firstShownOffsets[screen] = offset
            }
        } else {
            matchSteps(event, at: offset, funnel: funnel)
        }
        if !reachedGoal, funnel.matchesGoal(event) {
            reachedGoal = true
            goalOffset = offset
        }
        switch event.type {
        case .back:
            backNavigationsByScreen[event.screen ?? Self.unknownScreen, default: 0] += 1
        case .mutation where event.properties[Self.outcomeKey] == Self.failedOutcome:
            let reason = event.properties[Self.reasonKey] ?? Self.unknownReason
            failuresByScreen[event.screen ?? Self.unknownScreen, default: [:]][reason, default: 0] += 1
        default:
            break
        }
    }

    /// Counts `event` towards each metric measurement whose window it lies in.
    private mutating func measure(_ event: FlowEvent, _ metrics: MeasurementMatcher) {
        let (offset, overflow) = event.time.millisecondsSince1970.subtractingReportingOverflow(anchor.millisecondsSince1970)
        guard !overflow else { return }
        if measures.isEmpty { measures = metrics.initialMeasures }
        metrics.measure(event, at: offset, into: &measures)
    }

    /// The ordered-funnel rule: the next step is completed by an event matching it at or after the moment the
    /// previous step was reached. Events of one millisecond are simultaneous: which steps they complete depends
    /// on the set of their step signatures only, never on the order they arrived in (``StepSignature``).
    private mutating func matchSteps(_ event: FlowEvent, at offset: Int64, funnel: FunnelMatcher) {
        if offset != instantOffset {
            instantOffset = offset
            stepsBeforeInstant = stepOffsets.count
            firstSignatureAtInstant = nil
            if !signaturesAtInstant.isEmpty { signaturesAtInstant.removeAll(keepingCapacity: true) }
        }
        guard stepsBeforeInstant < funnel.stepCount else { return }
        let signature = funnel.signature(of: event, from: stepsBeforeInstant)
        guard !signature.isEmpty else { return }
        guard let firstSignature = firstSignatureAtInstant else {
            // The millisecond's first matching event, alone so far: it completes the next step or none.
            firstSignatureAtInstant = signature
            if signature.contains(stepsBeforeInstant) {
                if stepOffsets.isEmpty { stepOffsets.reserveCapacity(funnel.stepCount) }
                stepOffsets.append(offset)
            }
            return
        }
        if signaturesAtInstant.isEmpty { signaturesAtInstant.append(firstSignature) }
        signaturesAtInstant.insert(signature, at: signaturesAtInstant.firstIndex { signature < $0 } ?? signaturesAtInstant.endIndex)
        let reached = StepSignature.stepsReached(from: stepsBeforeInstant, of: funnel.stepCount, using: signaturesAtInstant)
        stepOffsets.removeSubrange(stepsBeforeInstant...)
        stepOffsets.append(contentsOf: repeatElement(offset, count: reached))
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
