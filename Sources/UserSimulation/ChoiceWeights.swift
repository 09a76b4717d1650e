/// How much each choice of a synthetic user weighs on a screen; a choice weighing 0 is never made.
struct ChoiceWeights: Sendable, Hashable {
    var `continue`: Double = 0
    var back: Double = 0
    var abandon: Double = 0
    var failValidation: Double = 0

    /// The weights of a screen behaviour's probabilities, negative ones as 0.
    init(_ probabilities: [ScreenBehavior.Choice: Double]) {
        for (choice, probability) in probabilities where probability > 0 {
            switch choice {
            case .continue: `continue` = probability
            case .back: back = probability
            case .abandon: abandon = probability
            case .failValidation: failValidation = probability
            }
        }
    }

    /// The sum of the weights.
    var total: Double { `continue` + back + abandon + failValidation }
}
