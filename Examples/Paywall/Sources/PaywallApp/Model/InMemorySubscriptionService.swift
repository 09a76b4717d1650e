/// A subscription service with no backend: it checks the card as a payment provider's test mode
/// does (a Luhn-valid number is a card; `4000 0000 0000 0002` is declined) and keeps what it started.
public final class InMemorySubscriptionService: SubscriptionService {
    /// The card number the issuer declines.
    public static let declinedNumber = "4000000000000002"
    /// The subscriptions started, oldest first.
    public private(set) var started: [Subscription] = []

    /// Creates a service with no subscriptions.
    public init() {}

    public func subscribe(to plan: Plan, with card: PaymentCard, withTrial: Bool) throws(SubscriptionError) -> Subscription {
        guard !card.holder.allSatisfy(\.isWhitespace) else { throw .missingHolder }
        guard let digits = card.digits, (13...19).contains(digits.count), Self.passesLuhn(digits) else { throw .invalidCard }
        guard digits.map(String.init).joined() != Self.declinedNumber else { throw .cardDeclined }
        let subscription = Subscription(
            plan: plan, startsWithTrial: withTrial, cardLastFour: digits.suffix(4).map(String.init).joined()
        )
        started.append(subscription)
        return subscription
    }

    /// The check digit test every card number passes.
    private static func passesLuhn(_ digits: [Int]) -> Bool {
        let sum = digits.reversed().enumerated().reduce(0) { sum, element in
            let (position, digit) = element
            guard position % 2 == 1 else { return sum + digit }
            let doubled = digit * 2
            return sum + (doubled > 9 ? doubled - 9 : doubled)
        }
        return sum % 10 == 0
    }
}
