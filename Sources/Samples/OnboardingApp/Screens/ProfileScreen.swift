import Coordination

/// Collects a display name and interests.
public protocol ProfileScreen: Screen {
    /// An error to display; nil hides it.
    var errorMessage: String? { get set }
    /// Reports the profile the user saved.
    var onSave: ((Profile) -> Void)? { get set }
}
