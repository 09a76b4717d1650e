import FlowEvents

/// Builds event logs for tests: times are whole seconds after a fixed origin, one line per event.
struct EventScript {
    private(set) var events: [FlowEvent] = []

    /// 2026-11-22T09:00:00Z.
    static let origin: Int64 = 1_795_338_000_000

    static func time(_ seconds: Double) -> EventTimestamp {
        EventTimestamp(millisecondsSince1970: origin + Int64(seconds * 1000))
    }

    mutating func add(
        _ type: EventType, user: String, at seconds: Double, experiment: String? = nil, variant: String? = nil,
        screen: String? = nil, action: String? = nil, properties: [String: String] = [:]
    ) {
        events.append(FlowEvent(
            time: Self.time(seconds), session: "s-\(user)", user: user, experiment: experiment, variant: variant,
            type: type, screen: screen, action: action, properties: properties
        ))
    }

    mutating func expose(_ user: String, to variant: String, in experiment: String = "onboarding", at seconds: Double) {
        add(.exposure, user: user, at: seconds, experiment: experiment, variant: variant)
    }

    mutating func show(_ screen: String, to user: String, at seconds: Double) {
        add(.screenShown, user: user, at: seconds, screen: screen)
    }
}
