/// The behaviour of a synthetic user on every screen, for one combination of variants, laid out
/// for the lookup made on every turn: a flow has a handful of screens, found by name without hashing.
struct ScreenBehaviorTable: Sendable {
    /// What a user does on one screen.
    struct Entry: Sendable {
        /// The screen's name.
        var screen: String
        /// The weight of each choice before the screen's own limits are applied.
        var weights: ChoiceWeights
        /// How long the user thinks before each turn.
        var thinkTime: ThinkTime
        /// The fields whose values the model gives, by identifier.
        var fields: [ModelledField] = []

        /// The position in `fields` of `field`'s values, if the model gives them.
        func index(ofField field: String) -> Int? {
            fields.isEmpty ? nil : fields.indices.first { fields[$0].field == field }
        }
    }

    /// The values a model gives for one field, laid out for drawing.
    struct ModelledField: Sendable {
        /// The field's identifier.
        var field: String
        /// The values, split around the user marker.
        var values: [UserValueTemplate]
        /// The probability of each value plus those of the values before it.
        var cumulative: [Double]

        /// Lays out `distribution` for `field`.
        init(field: String, distribution: FieldValueDistribution) {
            self.field = field
            values = distribution.outcomes.map { UserValueTemplate($0.value) }
            var sum = 0.0
            cumulative = distribution.outcomes.map { outcome in
                sum += outcome.probability
                return sum
            }
        }

        /// A value drawn with `generator`, for the user numbered `user`.
        func draw(for user: Int, using generator: inout some RandomNumberGenerator) -> String {
            let total = cumulative.last ?? 0
            let target = total > 0 ? Double.random(in: 0..<total, using: &generator) : 0
            let index = cumulative.firstIndex { target < $0 } ?? values.count - 1
            return values[index].render(user: user)
        }
    }

    /// Screens the model does not mention are continued through after the standard think time.
    static let unlistedScreen = Entry(screen: "", weights: ChoiceWeights([.continue: 1]), thinkTime: .standard)

    let entries: [Entry]

    /// Lays out `behaviors`, keyed by screen name.
    init(_ behaviors: [String: ScreenBehavior]) {
        entries = behaviors.sorted { $0.key < $1.key }.map { screen, behavior in
            Entry(
                screen: screen,
                weights: ChoiceWeights(behavior.probabilities),
                thinkTime: behavior.thinkTime,
                fields: behavior.fieldValues.sorted { $0.key < $1.key }.map { ModelledField(field: $0.key, distribution: $0.value) }
            )
        }
    }

    /// The behaviour on the screen named `screen`.
    func entry(forScreen screen: String) -> Entry {
        guard let index = index(ofScreen: screen) else { return Self.unlistedScreen }
        return entries[index]
    }

    /// The position in `entries` of the behaviour on the screen named `screen`; nil for a screen the
    /// model does not mention (`unlistedScreen`).
    func index(ofScreen screen: String) -> Int? {
        entries.indices.first { entries[$0].screen == screen }
    }
}
