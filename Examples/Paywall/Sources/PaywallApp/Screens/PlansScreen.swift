import Coordination

/// Shows the plans and reports the one chosen.
public protocol PlansScreen: Screen {
    /// Reports the plan the user chose.
    var onChoose: ((Plan) -> Void)? { get set }
}
