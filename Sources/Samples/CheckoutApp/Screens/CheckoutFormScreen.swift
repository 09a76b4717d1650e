import Coordination

/// A checkout screen the shopper submits, which shows the order service's refusals.
public protocol CheckoutFormScreen: Screen {
    /// An error to display, such as a declined card; nil hides it.
    var errorMessage: String? { get set }
}
