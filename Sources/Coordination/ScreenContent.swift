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
        if given.count == fields.count {
            // Given a value for every field, the user's values are the complete values: no copy. Each is
            // read where it stands in the dictionary and its field found by comparing identifiers, which
            // costs less than hashing them; of the fields refused, the first in display order is reported,
            // as walking the fields reports it, and an unknown field before any of them.
            var firstRefused: (index: Int, error: ScreenInputError)?
            for (key, value) in given {
                guard let index = fields.indices.first(where: { fields[$0].id == key }) else {
                    throw .unknownField(key, available: fields.map(\.id))
                }
                guard submitsForm, firstRefused.map({ index < $0.index }) ?? true, let error = refusal(of: value, forFieldAt: index) else {
                    continue
                }
                firstRefused = (index, error)
            }
            if let firstRefused { throw firstRefused.error }
            return given
        }
        for key in given.keys where !fields.indices.contains(where: { fields[$0].id == key }) {
            throw .unknownField(key, available: fields.map(\.id))
        }
        var values: [ScreenField.ID: String] = [:]
        for index in fields.indices {
            let value = given[fields[index].id] ?? fields[index].value
            values[fields[index].id] = value
            guard submitsForm else { continue }
            if let error = refusal(of: value, forFieldAt: index) { throw error }
        }
        return values
    }

    /// Why submitting `value` in the field at `index` is refused, if it is: a required field left
    /// empty, or a choice that is not among the options.
    private func refusal(of value: String, forFieldAt index: Int) -> ScreenInputError? {
        if fields[index].isRequired && value.isEmpty {
            return .missingField(fields[index].id)
        }
        if case .choice(let options, let allowsMultiple) = fields[index].kind, !value.isEmpty {
            // The parts are read one by one, without an array of them.
            let invalid = allowsMultiple
                ? ScreenField.firstChoice(in: value) { !options.contains($0) }
                : (options.contains(value) ? nil : value)
            if let invalid {
                return .invalidChoice(field: fields[index].id, value: invalid, options: options)
            }
        }
        return nil
    }
}
