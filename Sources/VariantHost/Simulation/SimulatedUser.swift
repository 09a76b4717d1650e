import Coordination

/// A synthetic user: on each screen it thinks for a while, then continues, goes back, leaves,
/// or submits input the service refuses, with the probabilities of its behaviour model.
///
/// It sees screens exactly as the terminal does, through `Screen.content`. Screens the model
/// does not mention are continued through after the default think time. Choices a screen
/// does not offer (back where back is hidden, bad input where there are no fields) are left
/// out and the others rescaled.
public struct SimulatedUser: FlowUser {
    private static let defaultBehavior = ScreenBehavior(
        probabilities: [.continue: 1],
        thinkTime: .standard
    )

    private var generator: SplitMix64
    private let behaviors: [String: ScreenBehavior]
    private let clock: SimulatedClock
    private let emailAddress: String
    private let displayName: String
    private var backRefusedOn: ObjectIdentifier?

    /// Creates a user numbered `index`, behaving as `behaviors` says, drawing with `generator`
    /// and advancing `clock` by its thinking time.
    public init(index: Int, behaviors: [String: ScreenBehavior], generator: SplitMix64, clock: SimulatedClock) {
        self.generator = generator
        self.behaviors = behaviors
        self.clock = clock
        emailAddress = "user\(index)@example.com"
        displayName = "User \(index)"
    }

    public mutating func nextTurn(on screen: any Screen) -> UserTurn {
        let behavior = behaviors[screen.name] ?? Self.defaultBehavior
        clock.advance(byMilliseconds: behavior.thinkTime.draw(using: &generator))
        let content = screen.content
        let formAction = content.actions.first { $0.submitsForm && !content.fields.isEmpty }
        let canGoBack = content.allowsBack && backRefusedOn != ObjectIdentifier(screen)
        // A choice the screen does not offer weighs 0 and is skipped; adding 0 to the total
        // changes nothing, so the draw is exactly as if it were left out.
        var weights = ChoiceWeights()
        for (choice, probability) in behavior.probabilities where probability > 0 {
            switch choice {
            case .continue where content.actions.isEmpty: continue
            case .back where !canGoBack: continue
            case .failValidation where formAction == nil: continue
            default: weights[choice] = probability
            }
        }
        switch pick(from: weights) {
        case .continue?:
            guard let action = content.actions.first else { return .quit }
            return .perform(action.id, fields: action.submitsForm ? validValues(for: content.fields) : [:])
        case .back?:
            return .back
        case .failValidation?:
            guard let formAction else { return .quit }
            return .perform(formAction.id, fields: invalidValues(for: content.fields))
        case .abandon?, nil:
            return .quit
        }
    }

    public mutating func turnRejected(_ turn: UserTurn, on screen: any Screen, because error: ScreenInputError) {
        if turn == .back { backRefusedOn = ObjectIdentifier(screen) }
    }

    private mutating func pick(from weights: ChoiceWeights) -> ScreenBehavior.Choice? {
        let total = weights.continue + weights.back + weights.abandon + weights.failValidation
        guard total > 0 else { return nil }
        var target = Double.random(in: 0..<total, using: &generator)
        var last: ScreenBehavior.Choice?
        func reached(_ choice: ScreenBehavior.Choice, _ weight: Double) -> Bool {
            guard weight > 0 else { return false }
            if target < weight { return true }
            target -= weight
            last = choice
            return false
        }
        if reached(.continue, weights.continue) { return .continue }
        if reached(.back, weights.back) { return .back }
        if reached(.abandon, weights.abandon) { return .abandon }
        if reached(.failValidation, weights.failValidation) { return .failValidation }
        return last
    }

    private mutating func validValues(for fields: [ScreenField]) -> [ScreenField.ID: String] {
        var values: [ScreenField.ID: String] = [:]
        for field in fields {
            switch field.kind {
            case .email: values[field.id] = emailAddress
            case .password: values[field.id] = "correct-horse-9"
            case .text: values[field.id] = displayName
            case .choice(let options, let allowsMultiple):
                guard !options.isEmpty else { continue }
                let first = options[Int.random(in: 0..<options.count, using: &generator)]
                if allowsMultiple, options.count > 1, Bool.random(using: &generator) {
                    let second = options[Int.random(in: 0..<options.count, using: &generator)]
                    values[field.id] = first == second ? first : "\(first),\(second)"
                } else {
                    values[field.id] = first
                }
            }
        }
        return values
    }

    /// Valid values except for one field, given a value a real user might mistype.
    private mutating func invalidValues(for fields: [ScreenField]) -> [ScreenField.ID: String] {
        var values = validValues(for: fields)
        let breakable = fields.filter { if case .choice = $0.kind { false } else { true } }
        guard !breakable.isEmpty else { return values }
        let field = breakable[Int.random(in: 0..<breakable.count, using: &generator)]
        switch field.kind {
        case .email: values[field.id] = Bool.random(using: &generator) ? "taken@example.com" : "user-at-example.com"
        case .password: values[field.id] = "secret"
        case .text: values[field.id] = " "
        case .choice: break
        }
        return values
    }
}

/// How much each choice weighs on the screen at hand.
private struct ChoiceWeights {
    var `continue`: Double = 0
    var back: Double = 0
    var abandon: Double = 0
    var failValidation: Double = 0

    subscript(choice: ScreenBehavior.Choice) -> Double {
        get {
            switch choice {
            case .continue: `continue`
            case .back: back
            case .abandon: abandon
            case .failValidation: failValidation
            }
        }
        set {
            switch choice {
            case .continue: `continue` = newValue
            case .back: back = newValue
            case .abandon: abandon = newValue
            case .failValidation: failValidation = newValue
            }
        }
    }
}
