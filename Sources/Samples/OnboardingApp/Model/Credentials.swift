/// What the signup screen collects.
public struct Credentials: Sendable, Hashable {
    /// The sign-in email.
    public var email: String
    /// The chosen password.
    public var password: String

    /// Creates credentials.
    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}
