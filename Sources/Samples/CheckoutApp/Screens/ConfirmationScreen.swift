import Coordination

/// Where a shopper lands once the order is placed: the end of checkout.
public protocol ConfirmationScreen: Screen {}
