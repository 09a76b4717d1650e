/// A place in an app where one variant's coordinator runs, such as the app shell or the
/// auth flow. Slots are independent: a session picks one variant for each.
public struct FlowSlot: Sendable, Hashable, Identifiable {
    /// The identifier used in configs and events, such as `"auth-flow"`.
    public var id: String
    /// What the slot decides, in one line.
    public var summary: String

    /// Creates a slot.
    public init(id: String, summary: String) {
        self.id = id
        self.summary = summary
    }
}
