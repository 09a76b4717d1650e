import Coordination

/// A path into a flow: the actions a user takes from the start, each with a class of input, and
/// back, such as `get_started > create_account[valid] > back`. A deep link names one to open a flow
/// at a given screen; `switchyard map --route` checks it against each variant's map.
///
/// Written as text, steps are separated by `>` (or `→`); a step is an action, an action with
/// `[valid]` (every field its valid value) or `[field=value]` (the valid values, but `value` in
/// `field`), or `back`. A leading `start` is ignored, so the paths `switchyard map` prints are routes:
///
/// ```swift
/// let route = try FlowRoute(parsing: "get_started > create_account[valid]")
/// let session = FlowSession(root: try Onboarding.makeRootCoordinator(for: selection, navigator: Navigator()))
/// session.start()
/// try route.follow(in: session) { step, content in savedValues(for: content.fields) }
/// // session.visibleScreen is the profile screen
/// ```
public struct FlowRoute: Sendable, Hashable, CustomStringConvertible {
    /// The values a step enters in the screen's fields.
    public enum Input: Sendable, Hashable, CustomStringConvertible {
        /// Nothing: the action submits no form.
        case none
        /// The valid value of every field.
        case valid
        /// The valid values, but `value` in `field`.
        case invalid(field: ScreenField.ID, value: String)

        /// `none`, `valid` or `field=value`.
        public var description: String {
            switch self {
            case .none: "none"
            case .valid: "valid"
            case .invalid(let field, let value): "\(field)=\(value)"
            }
        }

        /// How a step writes it after the action: nothing, `[valid]` or `[email=taken@example.com]`.
        public var suffix: String {
            switch self {
            case .none: ""
            case .valid: "[valid]"
            case .invalid(let field, let value): "[\(field)=\(value)]"
            }
        }
    }

    /// One step of a route.
    public enum Step: Sendable, Hashable, CustomStringConvertible {
        /// Performs `action` on the visible screen, entering `input`.
        case perform(action: ScreenAction.ID, input: Input)
        /// The system back.
        case back

        /// The step as a route writes it: `get_started`, `create_account[valid]`, `back`.
        public var description: String {
            switch self {
            case .perform(let action, let input): action + input.suffix
            case .back: "back"
            }
        }
    }

    /// The steps, from the start.
    public var steps: [Step]

    /// A route of `steps`.
    public init(steps: [Step]) {
        self.steps = steps
    }

    /// Reads a route written as text.
    ///
    /// - Throws: `FlowRouteError` naming the step that is malformed (an empty step, a bracket left
    ///   open, an input neither `valid` nor `field=value`), or an empty route.
    public init(parsing text: String) throws(FlowRouteError) {
        guard !Self.trimmed(text).isEmpty else {
            throw FlowRouteError(step: nil, message: "the route is empty; expected steps such as get_started > create_account[valid]")
        }
        var tokens: [String] = []
        var current = ""
        var depth = 0
        for character in text {
            switch character {
            case "[":
                depth += 1
                current.append(character)
            case "]":
                depth = max(0, depth - 1)
                current.append(character)
            case ">" where depth == 0, "→" where depth == 0:
                tokens.append(current)
                current = ""
            default:
                current.append(character)
            }
        }
        tokens.append(current)
        var steps: [Step] = []
        for (index, token) in tokens.enumerated() {
            let trimmed = Self.trimmed(token)
            if index == 0, trimmed == "start", tokens.count > 1 { continue }
            steps.append(try Self.step(trimmed, number: steps.count + 1))
        }
        self.steps = steps
    }

    /// The route as text: `get_started > create_account[valid] > back`.
    public var description: String {
        steps.map(\.description).joined(separator: " > ")
    }

    /// Follows the route in `session`, which must be started: performs each step's action on the
    /// visible screen with the values `values` gives for it, or goes back.
    ///
    /// - Parameters:
    ///   - session: a started session, whose visible screen takes the first step.
    ///   - values: the field values of a step, given the step and the visible screen's content;
    ///     fields left out keep the values shown.
    /// - Throws: `FlowRouteError` naming the first step the flow refuses: an action the visible screen
    ///   does not offer, values it refuses, back where it is unavailable, or a flow that has ended.
    public func follow(
        in session: FlowSession,
        values: (Step, ScreenContent) -> [ScreenField.ID: String]
    ) throws(FlowRouteError) {
        for (index, step) in steps.enumerated() {
            guard session.isRunning, let visible = session.visibleScreen else {
                throw FlowRouteError(step: index, message: "step \(index + 1) \(step): the flow has already ended")
            }
            do {
                switch step {
                case .perform(let action, _):
                    guard visible.content.actions.contains(where: { $0.id == action }) else {
                        let offered = visible.content.actions.map(\.id) + (visible.content.allowsBack ? ["back"] : [])
                        throw FlowRouteError(step: index, message:
                            "step \(index + 1) \(step): \"\(visible.name)\" offers no action \"\(action)\"; it offers: "
                                + (offered.isEmpty ? "nothing" : offered.joined(separator: ", ")))
                    }
                    try session.perform(action, fields: values(step, visible.content), on: visible)
                case .back:
                    try session.goBack()
                }
            } catch let error as FlowRouteError {
                throw error
            } catch {
                throw FlowRouteError(step: index, message: "step \(index + 1) \(step) on \"\(visible.name)\": \(error)")
            }
        }
    }

    /// Follows the route in `session` with the values of `input`, as simulated users and
    /// `switchyard map` enter them: `{user}` in a value stands for `user`.
    public func follow(in session: FlowSession, input: SyntheticInput, user: Int = 1) throws(FlowRouteError) {
        try follow(in: session) { step, content in Self.values(for: step, on: content, input: input, user: user) }
    }

    /// The values `input` gives a step's fields on a screen showing `content`: for a form, the valid
    /// value of every text field the input names and of every choice (its shown value, or its first
    /// option), with the step's invalid value in its field; nothing for a step that enters none.
    public static func values(for step: Step, on content: ScreenContent, input: SyntheticInput, user: Int = 1) -> [ScreenField.ID: String] {
        guard case .perform(_, let entered) = step, entered != .none else { return [:] }
        var values: [ScreenField.ID: String] = [:]
        for field in content.fields {
            switch field.kind {
            case .text, .email, .password:
                guard let valid = input.fields[field.id]?.valid else { continue }
                values[field.id] = valid.split(separator: SyntheticInput.userMarker, omittingEmptySubsequences: false)
                    .joined(separator: String(user))
            case .choice(let options, _):
                if field.value.isEmpty || !options.contains(field.value), let first = options.first { values[field.id] = first }
            }
        }
        if case .invalid(let field, let value) = entered { values[field] = value }
        return values
    }

    private static func step(_ token: String, number: Int) throws(FlowRouteError) -> Step {
        func fail(_ problem: String) -> FlowRouteError {
            FlowRouteError(step: number - 1, message: "step \(number) \"\(token)\": \(problem)")
        }
        guard !token.isEmpty else { throw fail("the step is empty; expected an action, action[valid], action[field=value] or back") }
        if token == "back" { return .back }
        guard let open = token.firstIndex(of: "[") else {
            guard !token.contains("]") else { throw fail("a ] without its [") }
            return .perform(action: token, input: .none)
        }
        let action = trimmed(String(token[..<open]))
        guard !action.isEmpty else { throw fail("no action before [") }
        guard token.hasSuffix("]") else { throw fail("expected ] at the end of the step") }
        let inner = String(token[token.index(after: open)..<token.index(before: token.endIndex)])
        if inner == "valid" { return .perform(action: action, input: .valid) }
        guard let equals = inner.firstIndex(of: "="), equals != inner.startIndex else {
            throw fail("expected [valid] or [field=value] after the action")
        }
        return .perform(action: action, input: .invalid(field: String(inner[..<equals]), value: String(inner[inner.index(after: equals)...])))
    }

    private static func trimmed(_ text: String) -> String {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
