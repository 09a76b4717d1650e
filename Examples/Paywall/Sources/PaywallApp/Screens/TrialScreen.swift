import Coordination

/// Offers a free week before the first charge.
public protocol TrialScreen: Screen {
    /// Reports that the user took the free week.
    var onStartTrial: (() -> Void)? { get set }
}
