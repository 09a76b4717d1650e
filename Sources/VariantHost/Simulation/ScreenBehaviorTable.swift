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
    }

    /// Screens the model does not mention are continued through after the standard think time.
    static let unlistedScreen = Entry(screen: "", weights: ChoiceWeights([.continue: 1]), thinkTime: .standard)

    let entries: [Entry]

    /// Lays out `behaviors`, keyed by screen name.
    init(_ behaviors: [String: ScreenBehavior]) {
        entries = behaviors.sorted { $0.key < $1.key }.map { screen, behavior in
            Entry(screen: screen, weights: ChoiceWeights(behavior.probabilities), thinkTime: behavior.thinkTime)
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
