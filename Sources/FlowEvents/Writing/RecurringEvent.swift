/// An event whose line, from its attribution to the newline (its tail), recurs across the sessions
/// sharing a `SessionLineWriter`'s parts: its type, screen, action and properties are all names that
/// recur (screens, actions, coordinators, operations, outcomes), never ids of users.
///
/// One case per shape of line, holding the values its properties are written from: the key a tail is
/// kept under (``LineTailKey``) and the properties the line holds are both made from the case, so a
/// caller cannot key a line by other parts than it writes.
package enum RecurringEvent {
    /// `assignment` of a slot a forced variant, the config or the slot's default decided: `reason`, `slot`.
    case assignment(reason: String, slot: String)
    /// `assignment` of a slot a rule decided: `reason`, `rule_index`, `slot`.
    case ruleAssignment(reason: String, ruleIndex: String, slot: String)
    /// `screen_shown` of `screen`, without properties.
    case screenShown(screen: String)
    /// `action` of `action` on `screen`, without properties.
    case action(screen: String, action: String)
    /// `back` from the screen `from`, revealing `to` (the `to` property, absent when nothing is revealed).
    case back(from: String, to: String?)
    /// `child_started` of the child coordinator `coordinator` by `parent`: `coordinator`, `parent`.
    case childStarted(coordinator: String, parent: String)
    /// `child_finished` of `coordinator`, a child of `parent`, for `reason`: `coordinator`, `parent`, `reason`.
    case childFinished(coordinator: String, parent: String, reason: String)
    /// `mutation` on `screen` that succeeded: `operation`, `outcome` `succeeded`.
    case mutationSucceeded(screen: String?, operation: String)
    /// `mutation` on `screen` that failed for `reason`: `operation`, `outcome` `failed`, `reason`.
    case mutationFailed(screen: String?, operation: String, reason: String)
    /// `flow_completed` on `screen`, without properties.
    case flowCompleted(screen: String?)
    /// `flow_abandoned` on `screen`, with the `reason` property when the host stopped the session.
    case flowAbandoned(screen: String?, reason: String?)

    /// The event's type.
    package var type: EventType {
        switch self {
        case .assignment, .ruleAssignment: .assignment
        case .screenShown: .screenShown
        case .action: .action
        case .back: .back
        case .childStarted: .childStarted
        case .childFinished: .childFinished
        case .mutationSucceeded, .mutationFailed: .mutation
        case .flowCompleted: .flowCompleted
        case .flowAbandoned: .flowAbandoned
        }
    }

    /// The screen the event happened on, if any.
    package var screen: String? {
        switch self {
        case .assignment, .ruleAssignment, .childStarted, .childFinished: nil
        case .screenShown(let screen), .action(let screen, _), .back(let screen, _): screen
        case .mutationSucceeded(let screen, _), .mutationFailed(let screen, _, _), .flowCompleted(let screen),
             .flowAbandoned(let screen, _): screen
        }
    }

    /// The action the event reports, if any.
    package var action: String? {
        guard case .action(_, let action) = self else { return nil }
        return action
    }

    /// Adds the event's properties, in sorted key order.
    package func addProperties(to properties: inout EventProperties) {
        switch self {
        case .assignment(let reason, let slot):
            properties.add("reason", reason)
            properties.add("slot", slot)
        case .ruleAssignment(let reason, let ruleIndex, let slot):
            properties.add("reason", reason)
            properties.add("rule_index", ruleIndex)
            properties.add("slot", slot)
        case .screenShown, .action, .flowCompleted, .flowAbandoned(_, nil):
            break
        case .back(_, let to):
            if let to { properties.add("to", to) }
        case .childStarted(let coordinator, let parent):
            properties.add("coordinator", coordinator)
            properties.add("parent", parent)
        case .childFinished(let coordinator, let parent, let reason):
            properties.add("coordinator", coordinator)
            properties.add("parent", parent)
            properties.add("reason", reason)
        case .mutationSucceeded(_, let operation):
            properties.add("operation", operation)
            properties.add("outcome", "succeeded")
        case .mutationFailed(_, let operation, let reason):
            properties.add("operation", operation)
            properties.add("outcome", "failed")
            properties.add("reason", reason)
        case .flowAbandoned(_, let reason?):
            properties.add("reason", reason)
        }
    }
}

/// What a line's tail, from its attribution to the newline, is made of besides the attribution: a
/// ``RecurringEvent`` flattened, its case and its values, kept beside a tail and compared with each new
/// event in place. Lines of one attribution with the same key have the same tail, which a `SessionLineWriter`
/// encodes once and copies after.
struct LineTailKey {
    let type: EventType
    /// The case of the event, numbered within its type.
    let shape: Int
    let screen: String?
    let action: String?
    let first: String?
    let second: String?
    let third: String?

    /// The key of `event`: every value the event's case holds, besides its screen and action, in `first`, `second`
    /// and `third`.
    @inline(__always)
    init(_ event: RecurringEvent) {
        type = event.type
        screen = event.screen
        action = event.action
        switch event {
        case .screenShown, .action, .flowCompleted:
            (shape, first, second, third) = (0, nil, nil, nil)
        case .assignment(let reason, let slot):
            (shape, first, second, third) = (0, reason, slot, nil)
        case .ruleAssignment(let reason, let ruleIndex, let slot):
            (shape, first, second, third) = (1, reason, ruleIndex, slot)
        case .back(_, let to):
            (shape, first, second, third) = (0, to, nil, nil)
        case .childStarted(let coordinator, let parent):
            (shape, first, second, third) = (0, coordinator, parent, nil)
        case .childFinished(let coordinator, let parent, let reason):
            (shape, first, second, third) = (0, coordinator, parent, reason)
        case .mutationSucceeded(_, let operation):
            (shape, first, second, third) = (0, operation, nil, nil)
        case .mutationFailed(_, let operation, let reason):
            (shape, first, second, third) = (1, operation, reason, nil)
        case .flowAbandoned(_, let reason):
            (shape, first, second, third) = (0, reason, nil, nil)
        }
    }

    /// Whether this is the key of `event`, compared in place without making the event's key: the strings of the
    /// kept key and of the event are read where they are, so that a line whose tail is kept costs no copy of them.
    @inline(__always)
    func matches(_ event: RecurringEvent) -> Bool {
        switch event {
        case .screenShown(let screen):
            return type == .screenShown && Self.same(self.screen, screen)
        case .action(let screen, let action):
            return type == .action && Self.same(self.screen, screen) && Self.same(self.action, action)
        case .flowCompleted(let screen):
            return type == .flowCompleted && Self.same(self.screen, screen)
        case .assignment(let reason, let slot):
            return type == .assignment && shape == 0 && Self.same(first, reason) && Self.same(second, slot)
        case .ruleAssignment(let reason, let ruleIndex, let slot):
            return type == .assignment && shape == 1 && Self.same(first, reason) && Self.same(second, ruleIndex)
                && Self.same(third, slot)
        case .back(let from, let to):
            return type == .back && Self.same(screen, from) && Self.same(first, to)
        case .childStarted(let coordinator, let parent):
            return type == .childStarted && Self.same(first, coordinator) && Self.same(second, parent)
        case .childFinished(let coordinator, let parent, let reason):
            return type == .childFinished && Self.same(first, coordinator) && Self.same(second, parent) && Self.same(third, reason)
        case .mutationSucceeded(let screen, let operation):
            return type == .mutation && shape == 0 && Self.same(self.screen, screen) && Self.same(first, operation)
        case .mutationFailed(let screen, let operation, let reason):
            return type == .mutation && shape == 1 && Self.same(self.screen, screen) && Self.same(first, operation)
                && Self.same(second, reason)
        case .flowAbandoned(let screen, let reason):
            return type == .flowAbandoned && Self.same(self.screen, screen) && Self.same(first, reason)
        }
    }

    /// Whether `first` and `second` are the same text; texts of different lengths are told apart without comparing them.
    @inline(__always)
    static func same(_ first: String?, _ second: String?) -> Bool {
        guard let first else { return second == nil }
        guard let second else { return false }
        return first.utf8.count == second.utf8.count && first == second
    }
}
