/// Walks a flow: starts the root coordinator, then hands the visible screen to a user turn by
/// turn until the root coordinator finishes or the user leaves.
///
/// Every accepted action and back is emitted as a signal to the root navigator's observer.
/// Input the visible screen cannot take goes back to the user, who is asked again.
public struct FlowRunner {
    /// Turns after which a user still walking the flow is taken to have abandoned it.
    public var turnLimit: Int

    /// Creates a runner.
    public init(turnLimit: Int = 10_000) {
        self.turnLimit = turnLimit
    }

    /// Runs the flow rooted at `root` with `user` and says how it ended.
    ///
    /// On return the coordinator tree is empty: finished, or ended as abandoned.
    public func run(_ root: Coordinator, user: inout some FlowUser) -> FlowOutcome {
        let navigator = root.navigator.root
        root.startAsRoot()
        var turns = 0
        while root.isRunning {
            guard let screen = navigator.visibleScreen, turns < turnLimit else {
                root.end(.abandoned)
                break
            }
            turns += 1
            let turn = user.nextTurn(on: screen)
            switch turn {
            case .perform(let action, let fields):
                do {
                    let values = try screen.content.validate(action, fields: fields)
                    navigator.emitAction(action, on: screen)
                    screen.perform(action, fields: values)
                } catch {
                    user.turnRejected(turn, on: screen, because: error)
                }
            case .back:
                do {
                    try navigator.goBack()
                } catch {
                    user.turnRejected(turn, on: screen, because: error)
                }
            case .quit:
                root.end(.abandoned)
            }
        }
        let finalScreen = navigator.visibleScreen?.name
        return root.phase == .ended(.finished) ? .completed(screen: finalScreen) : .abandoned(screen: finalScreen)
    }
}
