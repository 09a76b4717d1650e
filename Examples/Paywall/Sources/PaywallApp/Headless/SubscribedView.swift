import Coordination

/// The confirmation: nothing left to do.
final class SubscribedView: SubscribedScreen {
    let name = "subscribed"
    let content: ScreenContent

    init(subscription: Subscription) {
        let charge = subscription.startsWithTrial ? "after your free week" : "today"
        content = ScreenContent(
            title: "Welcome to premium",
            body: ["\(subscription.plan.price), charged \(charge) to the card ending in \(subscription.cardLastFour)."],
            allowsBack: false
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}
