/// A subscription the service has started.
public struct Subscription: Sendable, Hashable {
    /// The plan paid for.
    public var plan: Plan
    /// Whether it starts with the free week, charging the card only after it.
    public var startsWithTrial: Bool
    /// The last four digits of the card charged.
    public var cardLastFour: String

    /// Describes a subscription.
    public init(plan: Plan, startsWithTrial: Bool, cardLastFour: String) {
        self.plan = plan
        self.startsWithTrial = startsWithTrial
        self.cardLastFour = cardLastFour
    }
}
