import Foundation

/// How synthetic users behave: who they are and what they do on each screen.
///
/// Loaded from a JSON file (Configuration/<app>/behavior.json is an app's bundled one):
///
/// ```json
/// {
///   "attributes": { "deviceClass": { "phone": 0.7, "tablet": 0.3 } },
///   "screens": {
///     "signup": { "actions": { "continue": 0.8, "back": 0.05, "abandon": 0.1, "failValidation": 0.05 },
///                 "thinkSeconds": { "median": 20, "spread": 0.5 } },
///     "cart": { "actions": { "continue": 1 }, "fields": { "quantity_beans": { "1": 0.6, "2": 0.4 } } }
///   },
///   "variants": { "signup-after-profile": { "signup": { "actions": { "continue": 0.9, "abandon": 0.1 } } } }
/// }
/// ```
///
/// `fields` gives, per field of a screen, the values a user submits and their probabilities, in
/// place of the app's `SyntheticInput` value (or of a uniform pick among a choice field's options).
/// `variants` replaces a screen's behaviour in sessions that run that variant, which is how a
/// true difference between flows is planted.
package struct BehaviorModel: Sendable, Hashable {
    /// One user attribute and the probability of each of its values.
    package struct AttributeDistribution: Sendable, Hashable {
        /// The attribute's name, as targeting conditions see it.
        package var name: String
        /// Its values with their probabilities, summing to 1, in file order.
        package var values: [(value: String, probability: Double)]

        package static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name == rhs.name && lhs.values.elementsEqual(rhs.values) { $0 == $1 }
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            for (value, probability) in values {
                hasher.combine(value)
                hasher.combine(probability)
            }
        }
    }

    /// The attributes every synthetic user gets, drawn independently.
    package var attributes: [AttributeDistribution]
    /// Behaviour on each screen, by screen name.
    package var screens: [String: ScreenBehavior]
    /// Screen behaviour that replaces `screens` in sessions running a variant, by variant id.
    package var variantScreens: [String: [String: ScreenBehavior]]
    /// How the population spans days; nil: each user has one session, arriving within one day.
    package var days: PopulationDays?

    /// Creates a model.
    package init(
        attributes: [AttributeDistribution] = [],
        screens: [String: ScreenBehavior],
        variantScreens: [String: [String: ScreenBehavior]] = [:],
        days: PopulationDays? = nil
    ) {
        self.attributes = attributes
        self.screens = screens
        self.variantScreens = variantScreens
        self.days = days
    }

    /// The behaviour on each screen for a session running `variants`.
    ///
    /// Overrides of variants are applied in the order given; later ones win.
    func screens(forVariants variants: [String]) -> [String: ScreenBehavior] {
        var merged = screens
        for variant in variants {
            merged.merge(variantScreens[variant] ?? [:]) { _, override in override }
        }
        return merged
    }
}

/// What a synthetic user does on one screen: how likely each kind of turn is, and how long
/// they think before it.
package struct ScreenBehavior: Sendable, Hashable {
    /// The kinds of turn a synthetic user takes.
    package enum Choice: String, Sendable, Hashable, CaseIterable {
        /// Perform the screen's first action with valid input.
        case `continue`
        /// The system back action.
        case back
        /// Leave the flow.
        case abandon
        /// Submit input the service refuses (a taken email, a weak password), then try again.
        case failValidation
    }

    /// The probability of each choice; they sum to 1.
    package var probabilities: [Choice: Double]
    /// The time before each turn.
    package var thinkTime: ThinkTime
    /// The values submitted in fields of the screen, by field identifier, for the fields the model
    /// names; the others take the app's synthetic input.
    package var fieldValues: [String: FieldValueDistribution]

    /// Creates a screen behaviour.
    package init(probabilities: [Choice: Double], thinkTime: ThinkTime, fieldValues: [String: FieldValueDistribution] = [:]) {
        self.probabilities = probabilities
        self.thinkTime = thinkTime
        self.fieldValues = fieldValues
    }
}

/// A log-normal distribution of thinking time, given by its median and spread (the standard
/// deviation of its logarithm).
package struct ThinkTime: Sendable, Hashable {
    /// The median, in seconds.
    package var medianSeconds: Double
    /// The standard deviation of the natural logarithm of the time; 0 means always the median.
    package var spread: Double

    /// Creates a think-time distribution.
    package init(medianSeconds: Double, spread: Double) {
        self.medianSeconds = medianSeconds
        self.spread = spread
    }

    /// What applies where the model gives no think time, or only part of one: 5 s, spread 0.5.
    package static let standard = ThinkTime(medianSeconds: 5, spread: 0.5)

    /// A time in milliseconds, drawn with `generator`.
    func draw(using generator: inout some RandomNumberGenerator) -> Int64 {
        let gaussian = StandardNormal.draw(using: &generator)
        let seconds = medianSeconds * exp(spread * gaussian)
        return Int64((seconds * 1000).rounded())
    }
}

/// Draws from the standard normal distribution (Box–Muller).
enum StandardNormal {
    static func draw(using generator: inout some RandomNumberGenerator) -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &generator)
        let u2 = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
