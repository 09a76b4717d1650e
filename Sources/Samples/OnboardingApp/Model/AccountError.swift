/// Why the account service refused a change.
public enum AccountError: Error, Sendable, Hashable {
    /// Another account uses this email.
    case emailTaken
    /// The email is not an address.
    case invalidEmail
    /// The password is too easy to guess.
    case weakPassword
    /// The display name is empty or too long.
    case invalidDisplayName
    /// The account does not exist.
    case unknownAccount

    /// A stable code for events and reports, such as `email_taken`.
    public var code: String {
        switch self {
        case .emailTaken: "email_taken"
        case .invalidEmail: "invalid_email"
        case .weakPassword: "weak_password"
        case .invalidDisplayName: "invalid_display_name"
        case .unknownAccount: "unknown_account"
        }
    }

    /// What the screen tells the user.
    public var message: String {
        switch self {
        case .emailTaken: "An account with this email already exists. Use another email."
        case .invalidEmail: "Enter an email address like name@example.com."
        case .weakPassword: "Use at least 8 characters with a letter and a digit."
        case .invalidDisplayName: "Enter a display name of 1 to 40 characters."
        case .unknownAccount: "Your account could not be found. Start again."
        }
    }
}
