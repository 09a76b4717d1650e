import Coordination

/// Collects the card that pays for the chosen plan, and shows the service's refusals.
public protocol PaymentScreen: Screen {
    /// An error to display, such as a declined card; nil hides it.
    var errorMessage: String? { get set }
    /// Reports the card the user submitted.
    var onSubscribe: ((PaymentCard) -> Void)? { get set }
}
