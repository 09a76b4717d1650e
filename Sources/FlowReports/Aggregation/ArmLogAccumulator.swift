public import FlowEvents

/// Consumes one log of a `compare` one event at a time; the whole file is one arm.
///
/// The arm's users are the users with a `session_started` event in the file, each anchored at their first
/// one. The arm is named by the variant its `assignment` (other than slot defaults) and `exposure` events name
/// most often (ties go to the
/// alphabetically first), counting only events of ``CompareOptions/experiment`` when it is set (an
/// `exposure`'s experiment or an `assignment`'s `slot` property). An event delivered twice (the same
/// `EventIdentity`) is counted once. Memory grows with distinct users.
///
/// Assumes the events of one user arrive in time order, as Switchyard writes them: unlike `report`, `compare`
/// does not yet recount users whose events arrived out of order.
public struct ArmLogAccumulator: Sendable {
    /// The options the accumulator was created with.
    public let options: CompareOptions
    /// Events consumed so far, duplicates included.
    public private(set) var eventsConsumed = 0
    private var delivered = DeliveredEvents()
    /// Numbers the users for ``delivered``.
    private var numbering = UserNumbering()
    private let funnel: FunnelDefinition
    private let matcher: FunnelMatcher
    private let windowMilliseconds: Int64
    private var users: [String: UserFunnelProgress] = [:]
    private var variantVotes: [String: Int] = [:]

    /// Creates an empty accumulator for one file.
    public init(options: CompareOptions = CompareOptions()) {
        self.options = options
        funnel = options.funnel ?? .screensInOrderSeen
        matcher = FunnelMatcher(funnel)
        windowMilliseconds = funnel.conversionWindowMilliseconds
    }

    /// Counts one event; call in file order.
    public mutating func consume(_ event: FlowEvent) {
        eventsConsumed += 1
        guard delivered.insert(event, ofUser: numbering.number(of: event.user, hash: event.user.hashValue)) else { return }
        voteForArmName(event)
        if event.type == .sessionStarted, users[event.user] == nil {
            users[event.user] = UserFunnelProgress(anchor: event.time)
        }
        users[event.user]?.consume(event, funnel: matcher, windowMilliseconds: windowMilliseconds)
    }

    /// Consumes every event of `events`, in order.
    public mutating func consume(contentsOf events: some Sequence<FlowEvent>) {
        for event in events {
            consume(event)
        }
    }

    /// How many events were consumed again after their first delivery (the same `EventIdentity`) and left uncounted.
    public var duplicateEvents: Int {
        delivered.duplicates
    }

    /// The variant the file's `assignment` / `exposure` events name most often, or nil when they name none.
    public var votedArmName: String? {
        variantVotes.max { lhs, rhs in
            lhs.value != rhs.value ? lhs.value < rhs.value : lhs.key > rhs.key
        }?.key
    }

    /// The users of the arm.
    var userIDs: Dictionary<String, UserFunnelProgress>.Keys { users.keys }

    /// The arm's counts.
    func tally() -> ArmTally {
        ArmTally(definition: funnel, users: Array(users.values))
    }

    private mutating func voteForArmName(_ event: FlowEvent) {
        guard let variant = event.variant else { return }
        switch event.type {
        case .exposure:
            guard options.experiment == nil || event.experiment == options.experiment else { return }
        case .assignment:
            // A slot left at its default is not what a run log was made to compare.
            guard event.properties["reason"] != "default",
                  options.experiment == nil || event.properties["slot"] == options.experiment
                    || event.experiment == options.experiment
            else { return }
        default:
            return
        }
        variantVotes[variant, default: 0] += 1
    }
}
