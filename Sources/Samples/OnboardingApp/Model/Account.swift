/// A user's account, as the account service stores it.
public struct Account: Sendable, Hashable {
    /// The service-assigned identifier.
    public var id: Int
    /// The sign-in email.
    public var email: String
    /// The public profile, once the user filled it in.
    public var profile: Profile?

    /// Creates an account.
    public init(id: Int, email: String, profile: Profile? = nil) {
        self.id = id
        self.email = email
        self.profile = profile
    }
}
