/// What a subscriber pays for: a month at a time, or a year at a discount.
public enum Plan: String, Sendable, Hashable, CaseIterable {
    case monthly
    case yearly

    /// The plan's name as the paywall shows it.
    public var title: String {
        switch self {
        case .monthly: "Monthly"
        case .yearly: "Yearly"
        }
    }

    /// The price as the paywall shows it.
    public var price: String {
        switch self {
        case .monthly: "$4.99 a month"
        case .yearly: "$39.99 a year"
        }
    }
}
