/// Something the user can do on a screen: a button.
public struct ScreenAction: Sendable, Hashable, Identifiable {
    /// A stable identifier, such as `"submit"`, used in events.
    public typealias ID = String

    /// The identifier reported in events.
    public var id: ID
    /// The button's title.
    public var title: String
    /// Whether the action submits the screen's fields (and so needs them valid).
    public var submitsForm: Bool

    /// Creates an action.
    public init(id: ID, title: String, submitsForm: Bool = false) {
        self.id = id
        self.title = title
        self.submitsForm = submitsForm
    }
}
