/// A place in an app where one variant's coordinator runs, such as the app shell or the
/// auth flow, as the app declares it (`HostedApp.slots`). Slots are independent: a session picks
/// one variant for each. The experiment config names the same slots (Experiments' `ConfigSlot`).
public struct AppSlot: Sendable, Hashable, Identifiable {
    /// The identifier used in configs and events, such as `"auth-flow"`.
    public var id: String
    /// What the slot decides, in one line.
    public var summary: String
    /// The variant a session runs in this slot when nothing else chooses one: the app's
    /// baseline. An experiment config can name another default.
    public var defaultVariant: String

    /// Creates a slot.
    public init(id: String, summary: String, defaultVariant: String) {
        self.id = id
        self.summary = summary
        self.defaultVariant = defaultVariant
    }
}
