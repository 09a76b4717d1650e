import FlowEvents

/// The funnel steps of one arm: configured, or discovered from the screens its users see.
///
/// Discovered steps only ever grow at the end, in the order screens are first seen, so an arm's steps at any
/// moment are a prefix of its final steps. That is what lets users be matched online, one event at a time:
/// a screen a user sees either is already a step, or becomes the next step right then.
struct ArmSteps: Sendable {
    private(set) var steps: [FunnelStep]
    private let discoversScreens: Bool
    private var knownScreens: Set<String> = []

    init(definition: FunnelDefinition) {
        steps = definition.steps
        discoversScreens = definition.discoversScreens
    }

    /// Adds the screen of a `screen_shown` event as a new last step when steps are discovered and it is new.
    ///
    /// Call only for events inside the window of a user of the arm, before matching the event.
    mutating func discover(from event: FlowEvent) {
        guard discoversScreens, event.type == .screenShown, let screen = event.screen else { return }
        if knownScreens.insert(screen).inserted {
            steps.append(FunnelStep(name: screen, matcher: .screenShown(screen)))
        }
    }
}
