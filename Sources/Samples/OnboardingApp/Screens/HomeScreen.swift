import Coordination

/// Where a signed-up user lands: the end of onboarding.
public protocol HomeScreen: Screen {}
