/// The collaborator coordinators call to change the subscriber's account: the model is changed
/// only through it.
public protocol SubscriptionService: AnyObject {
    /// Starts a subscription to `plan` paid with `card`, after a free week if `withTrial`.
    func subscribe(to plan: Plan, with card: PaymentCard, withTrial: Bool) throws(SubscriptionError) -> Subscription
}
