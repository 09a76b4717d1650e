/// The Bayesian result of one difference, or why there is none.
public enum BayesianReading: Sendable, Hashable {
    /// The posterior and what follows from it.
    case computed(BayesianEffect)
    /// No result, for this reason.
    case notComputed(BayesianLimitation)

    /// The result; nil when there is none.
    public var effect: BayesianEffect? {
        if case .computed(let effect) = self { return effect }
        return nil
    }

    /// Why there is no result; nil when there is one.
    public var limitation: BayesianLimitation? {
        if case .notComputed(let limitation) = self { return limitation }
        return nil
    }
}
