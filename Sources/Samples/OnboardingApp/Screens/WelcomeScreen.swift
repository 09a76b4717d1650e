import Coordination

/// The first screen: what the app is, and a way in.
public protocol WelcomeScreen: Screen {
    /// Reports that the user wants to start signing up.
    var onGetStarted: (() -> Void)? { get set }
}
