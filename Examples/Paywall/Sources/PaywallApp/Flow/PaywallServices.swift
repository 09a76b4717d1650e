/// What a paywall coordinator works with: the screens it shows and the service it changes the account through.
public struct PaywallServices {
    /// Makes the screens.
    public var screens: any PaywallScreenFactory
    /// Starts subscriptions.
    public var subscriptions: any SubscriptionService

    /// Bundles the collaborators.
    public init(screens: any PaywallScreenFactory, subscriptions: any SubscriptionService) {
        self.screens = screens
        self.subscriptions = subscriptions
    }
}
