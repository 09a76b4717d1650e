import Coordination

/// Where a new subscriber lands: the end of the paywall.
public protocol SubscribedScreen: Screen {}
