import Experiments
import FlowEvents

/// Which of a user's targeting attributes a session's `session_started` event carries.
///
/// Every attribute but `id` (the event's `user` already) whose value is a string, a number or a
/// boolean, as text, within the event limits: an attribute named like a slot, holding an array or
/// an object, or longer than `FlowEventLimits.maximumFieldBytes`, is left out, as are attributes past
/// `FlowEventLimits.maximumProperties` with the slots. A session is never refused for its attributes.
enum SessionAttributes {
    /// The attributes of `attributes` to log beside the variants of `slots`, sorted by key.
    static func logged(
        _ attributes: Attributes,
        besideSlots slots: [(slot: String, variant: String)]
    ) -> [(key: String, value: String)] {
        var logged: [(key: String, value: String)] = []
        for (key, value) in attributes.members where key != "id" && !slots.contains(where: { $0.slot == key }) {
            guard logged.count + slots.count < FlowEventLimits.maximumProperties else { break }
            let text: String
            switch value {
            case .string(let string): text = string
            case .number, .bool: text = value.jsonText
            default: continue
            }
            let limit = FlowEventLimits.maximumFieldBytes
            guard key.utf8.count <= limit, text.utf8.count <= limit else { continue }
            logged.append((key, text))
        }
        if logged.count > 1 { logged.sort { $0.key < $1.key } }
        return logged
    }
}
