import Coordination
import SeededRandom
import VariantHost
import VariantKit

/// A synthetic user: on each screen it thinks for a while, then continues, goes back, leaves,
/// or submits input the service refuses, with the probabilities of its behaviour model.
///
/// It sees screens exactly as the terminal does, through `Screen.content`. Screens the model
/// does not mention are continued through after the default think time. Choices a screen
/// does not offer (back where back is hidden, bad input where there are no fields) are left
/// out and the others rescaled.
///
/// What it types into fields comes from the behaviour model's `fields` for the screen, drawn by
/// their probabilities, or else from the app's `SyntheticInput`: the valid value (for a choice
/// field, options picked at random), or, when it fails validation, one of the invalid values of
/// one field.
package struct SimulatedUser: FlowUser {
    private var generator: SplitMix64
    private let behaviors: ScreenBehaviorTable
    private let clock: SimulatedClock
    private let fieldTable: SyntheticFieldTable
    private let index: Int
    private var backRefusedOn: ObjectIdentifier?
    /// The session's event budget: once it is spent, the user leaves.
    var budget: SessionEventBudget?
    /// What the chance to abandon a screen is divided by: the user's propensity (``UserVisits``), 1 for a model
    /// without days.
    var abandonDivisor = 1.0

    /// Creates a user numbered `index`, behaving as `behaviors` says, typing `input` into fields,
    /// drawing with `generator` and advancing `clock` by its thinking time.
    package init(
        index: Int,
        behaviors: [String: ScreenBehavior],
        input: SyntheticInput,
        generator: SplitMix64,
        clock: SimulatedClock
    ) {
        self.init(
            index: index,
            behaviors: ScreenBehaviorTable(behaviors),
            fieldTable: SyntheticFieldTable(input),
            generator: generator,
            clock: clock
        )
    }

    /// Creates a user from behaviours and input already laid out, as a simulation shares them between users.
    init(index: Int, behaviors: ScreenBehaviorTable, fieldTable: SyntheticFieldTable, generator: SplitMix64, clock: SimulatedClock) {
        self.generator = generator
        self.behaviors = behaviors
        self.clock = clock
        self.fieldTable = fieldTable
        self.index = index
    }

    package mutating func nextTurn(on screen: any Screen) -> UserTurn {
        if let budget, budget.isSpent {
            budget.stoppedTheSession = true
            return .quit
        }
        // The behaviour, content and actions are read in place, by index: copying an entry or an
        // action retains its every string.
        var weights: ChoiceWeights
        let entry = behaviors.index(ofScreen: screen.name)
        if let entry {
            clock.advance(byMilliseconds: behaviors.entries[entry].thinkTime.draw(using: &generator))
            weights = behaviors.entries[entry].weights
        } else {
            clock.advance(byMilliseconds: ScreenBehaviorTable.unlistedScreen.thinkTime.draw(using: &generator))
            weights = ScreenBehaviorTable.unlistedScreen.weights
        }
        let content = screen.content
        let formAction = content.fields.isEmpty ? nil : content.actions.indices.first { content.actions[$0].submitsForm }
        // A choice the screen does not offer weighs 0 and is skipped, exactly as if it were left out.
        if content.actions.isEmpty { weights.continue = 0 }
        if !content.allowsBack || backRefusedOn == ObjectIdentifier(screen) { weights.back = 0 }
        if formAction == nil { weights.failValidation = 0 }
        if abandonDivisor != 1 { weights.abandon /= abandonDivisor }
        switch pick(from: weights) {
        case .continue?:
            guard !content.actions.isEmpty else { return .quit }
            let submitsForm = content.actions[0].submitsForm
            return .perform(content.actions[0].id, fields: submitsForm ? validValues(for: content.fields, screen: entry) : [:])
        case .back?:
            return .back
        case .failValidation?:
            guard let formAction else { return .quit }
            return .perform(content.actions[formAction].id, fields: invalidValues(for: content.fields, screen: entry))
        case .abandon?, nil:
            return .quit
        }
    }

    package mutating func turnRejected(_ turn: UserTurn, on screen: any Screen, because error: ScreenInputError) {
        if turn == .back { backRefusedOn = ObjectIdentifier(screen) }
    }

    private mutating func pick(from weights: ChoiceWeights) -> ScreenBehavior.Choice? {
        let total = weights.total
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

    /// Valid values for `fields`, on the screen whose behaviour is at `screen` in the table.
    private mutating func validValues(for fields: [ScreenField], screen: Int?) -> [ScreenField.ID: String] {
        var values = [ScreenField.ID: String](minimumCapacity: fields.count)
        // Fields are read in place, by index: copying one copies all its strings.
        for position in fields.indices {
            let id = fields[position].id
            if let screen, let modelled = behaviors.entries[screen].index(ofField: id) {
                values[id] = behaviors.entries[screen].fields[modelled].draw(for: index, using: &generator)
                continue
            }
            switch fields[position].kind {
            case .email, .password, .text:
                guard let entry = fieldTable.index(of: id) else { continue }
                values[id] = fieldTable.entries[entry].valid.render(user: index)
            case .choice(let options, let allowsMultiple):
                guard !options.isEmpty else { continue }
                let first = options[Int.random(in: 0..<options.count, using: &generator)]
                if allowsMultiple, options.count > 1, Bool.random(using: &generator) {
                    let second = options[Int.random(in: 0..<options.count, using: &generator)]
                    values[id] = first == second ? first : "\(first),\(second)"
                } else {
                    values[id] = first
                }
            }
        }
        return values
    }

    /// Valid values except for one field, given one of the values the app refuses.
    private mutating func invalidValues(for fields: [ScreenField], screen: Int?) -> [ScreenField.ID: String] {
        var values = validValues(for: fields, screen: screen)
        let breakable = fields.compactMap { field -> (id: ScreenField.ID, invalid: [String])? in
            if case .choice = field.kind { return nil }
            guard let entry = fieldTable.index(of: field.id), !fieldTable.entries[entry].invalid.isEmpty else { return nil }
            return (field.id, fieldTable.entries[entry].invalid)
        }
        guard !breakable.isEmpty else { return values }
        let (field, invalid) = breakable[Int.random(in: 0..<breakable.count, using: &generator)]
        values[field] = invalid[pickIndex(count: invalid.count)]
        return values
    }

    /// A uniformly drawn index below `count`: no draw for one, a coin for two.
    private mutating func pickIndex(count: Int) -> Int {
        switch count {
        case 1: 0
        case 2: Bool.random(using: &generator) ? 0 : 1
        default: Int.random(in: 0..<count, using: &generator)
        }
    }
}
