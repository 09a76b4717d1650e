/// Everything a screen displays, described independently of any UI framework.
public struct ScreenContent: Sendable, Hashable {
    /// The headline.
    public var title: String
    /// Lines of body text.
    public var body: [String]
    /// An error to show above the form, such as a failed signup.
    public var error: String?
    /// Input fields, in display order.
    public var fields: [ScreenField]
    /// What the user can do, in display order.
    public var actions: [ScreenAction]
    /// Whether the system back action is available (a navigation bar's back button).
    public var allowsBack: Bool

    /// Creates screen content.
    public init(
        title: String,
        body: [String] = [],
        error: String? = nil,
        fields: [ScreenField] = [],
        actions: [ScreenAction] = [],
        allowsBack: Bool = true
    ) {
        self.title = title
        self.body = body
        self.error = error
        self.fields = fields
        self.actions = actions
        self.allowsBack = allowsBack
    }

    /// Checks a user's choice against this content and returns the complete field values.
    ///
    /// Fields the user left out keep their displayed value. For an action that submits the
    /// form, required fields must be non-empty and choices must be among the options.
    public func validate(
        _ actionID: ScreenAction.ID,
        fields given: [ScreenField.ID: String]
    ) throws(ScreenInputError) -> [ScreenField.ID: String] {
        // Fields and actions are read in place, by index: copying one copies all its strings.
        guard let action = actions.indices.first(where: { actions[$0].id == actionID }) else {
            throw .unknownAction(actionID, available: actions.map(\.id))
        }
        let submitsForm = actions[action].submitsForm
        for key in given.keys where !fields.indices.contains(where: { fields[$0].id == key }) {
            throw .unknownField(key, available: fields.map(\.id))
        }
        // Given a value for every field, the user's values are the complete values: no copy.
        let givesEveryField = given.count == fields.count
        var values: [ScreenField.ID: String] = givesEveryField ? given : [:]
        for index in fields.indices {
            let value = given[fields[index].id] ?? fields[index].value
            if !givesEveryField { values[fields[index].id] = value }
            guard submitsForm else { continue }
            if fields[index].isRequired && value.isEmpty {
                throw .missingField(fields[index].id)
            }
            if case .choice(let options, let allowsMultiple) = fields[index].kind, !value.isEmpty {
                // The parts are read one by one, without an array of them.
                let invalid = allowsMultiple
                    ? ScreenField.firstChoice(in: value) { !options.contains($0) }
                    : (options.contains(value) ? nil : value)
                if let invalid {
                    throw .invalidChoice(field: fields[index].id, value: invalid, options: options)
                }
            }
        }
        return values
    }
}
