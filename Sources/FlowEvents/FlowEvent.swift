/// One thing that happened in a flow session: a line of the event log.
///
/// Every event is written as one JSON object on one line (JSON Lines), keys in this order:
///
/// ```json
/// {"schema":1,"time":"2026-11-22T09:30:00.125Z","session":"s-1","seq":4,"user":"u-42",
///  "experiment":"onboarding-order","variant":"signup-after-profile","type":"screen_shown",
///  "screen":"signup","action":null,"properties":{}}
/// ```
///
/// `experiment` and `variant` attribute the event to the flow implementation that produced it:
/// the variant whose coordinator emitted it and, when an experiment chose that variant, the
/// experiment's key. Session-level events (`session_started`, `flow_completed`, ...) are
/// attributed to the root coordinator's variant.
///
/// `seq` numbers a session's events from 0 in the order the recorder wrote them: with `session` and
/// `user` it makes every event's line unique, so a line a device delivered twice is known for a
/// duplicate. Logs written before sequence numbers have none (`sequence` is nil).
public struct FlowEvent: Sendable, Hashable {
    /// The schema version this type writes.
    public static let currentSchemaVersion = 1
    /// The largest `seq` a log may hold: 2^53 − 1, the largest integer every JSON reader (JavaScript's
    /// included) reads exactly.
    public static let maximumSequence = (1 << 53) - 1

    /// Version of the event schema the event follows (versions beyond `Int32`'s range are taken as its bounds).
    public var schemaVersion: Int {
        get { Int(storedSchemaVersion) }
        set { storedSchemaVersion = Int32(clamping: newValue) }
    }
    /// When the event happened.
    public var time: EventTimestamp
    /// The session the event belongs to: one walk through the flow.
    public var session: String
    /// The event's number within its session, from 0, in the order the recorder wrote the session's
    /// events; nil for an event of a log written without sequence numbers.
    public var sequence: Int?
    /// What happened.
    public var type: EventType
    // Stored here, after `sequence` and `type`, so that the three share 16 bytes: an event is 128 bytes, which
    // the compiler copies inline, where 144 bytes (an `Int` version first) cost a call to `memcpy` at every copy.
    private var storedSchemaVersion: Int32
    /// The user who walked the flow; the unit of analysis in reports.
    public var user: String
    /// Key of the experiment that chose `variant`, if any.
    public var experiment: String?
    /// Identifier of the variant the event is attributed to, if any.
    public var variant: String?
    /// The screen the event concerns, if any.
    public var screen: String?
    /// The user action the event concerns, if any.
    public var action: String?
    /// Further details, written as a JSON object of strings with keys in sorted order.
    public var properties: [String: String]

    /// Creates an event.
    public init(
        schemaVersion: Int = FlowEvent.currentSchemaVersion,
        time: EventTimestamp,
        session: String,
        sequence: Int? = nil,
        user: String,
        experiment: String? = nil,
        variant: String? = nil,
        type: EventType,
        screen: String? = nil,
        action: String? = nil,
        properties: [String: String] = [:]
    ) {
        self.time = time
        self.session = session
        self.sequence = sequence
        storedSchemaVersion = Int32(clamping: schemaVersion)
        self.user = user
        self.experiment = experiment
        self.variant = variant
        self.type = type
        self.screen = screen
        self.action = action
        self.properties = properties
    }
}
