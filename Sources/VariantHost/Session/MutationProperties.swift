import Coordination
import FlowEvents

/// The properties of a `mutation` event whose coordinator attached values: `operation`, `outcome`,
/// `reason` when it failed, and each value under its key as `EventPropertyNumber` writes numbers.
enum MutationProperties {
    /// The members, sorted by key as the log writes them. A value under one of the mutation's
    /// own keys (`MutationValue.reservedKeys`) is left out, and so is an infinite one (only a
    /// literal beyond `Double`'s range makes one, which the compiler warns of).
    static func members(
        operation: String,
        outcome: MutationOutcome,
        values: [String: MutationValue]
    ) -> [(key: String, value: String)] {
        var members: [(key: String, value: String)] = [("operation", operation)]
        switch outcome {
        case .succeeded:
            members.append(("outcome", "succeeded"))
        case .failed(let reason):
            members.append(("outcome", "failed"))
            members.append(("reason", reason))
        }
        for (key, value) in values where !MutationValue.reservedKeys.contains(key) {
            if let text = text(of: value) { members.append((key, text)) }
        }
        members.sort { $0.key < $1.key }
        return members
    }

    /// The canonical text of `value`, or nil for an infinite decimal.
    private static func text(of value: MutationValue) -> String? {
        switch value.number {
        case .integer(let integer): EventPropertyNumber.text(integer)
        case .decimal(let decimal): EventPropertyNumber.text(decimal)
        }
    }
}
