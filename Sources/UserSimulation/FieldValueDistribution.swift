/// The values a synthetic user submits in one field, with their probabilities: a behaviour
/// model's `fields` entry, such as how many of a product shoppers put in their cart.
///
/// A value may contain `{user}`, replaced by the user's number, as in the app's `SyntheticInput`.
package struct FieldValueDistribution: Sendable, Hashable {
    /// One value and how likely it is.
    package struct Outcome: Sendable, Hashable {
        /// The text submitted.
        package var value: String
        /// Its probability.
        package var probability: Double

        /// Creates an outcome.
        package init(value: String, probability: Double) {
            self.value = value
            self.probability = probability
        }
    }

    /// The values, in the order they are drawn from (sorted by value); probabilities sum to 1.
    package var outcomes: [Outcome]

    /// Creates a distribution of `outcomes`.
    package init(_ outcomes: [Outcome]) {
        self.outcomes = outcomes
    }
}
