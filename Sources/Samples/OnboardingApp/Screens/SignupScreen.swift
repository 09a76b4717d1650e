import Coordination

/// Collects an email and a password for a new account.
public protocol SignupScreen: Screen {
    /// An error to display, such as a taken email; nil hides it.
    var errorMessage: String? { get set }
    /// Reports the credentials the user submitted.
    var onSubmit: ((Credentials) -> Void)? { get set }
}
