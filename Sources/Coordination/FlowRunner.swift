/// Walks a flow turn by turn: starts a `FlowSession`, then hands the visible screen to a user
/// who decides each turn, until the root coordinator finishes or the user leaves. It is the
/// driver for users that are asked, such as a terminal or a simulated user; apps whose UI
/// delivers events drive a `FlowSession` directly.
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
        run(FlowSession(root: root), user: &user)
    }

    /// Starts `session` and runs it with `user` until it ends; says how it ended.
    public func run(_ session: FlowSession, user: inout some FlowUser) -> FlowOutcome {
        session.start()
        var turns = 0
        while session.isRunning {
            guard let screen = session.visibleScreen, turns < turnLimit else {
                session.abandon()
                break
            }
            turns += 1
            let turn = user.nextTurn(on: screen, canGoBack: session.canGoBack)
            do {
                switch turn {
                case .perform(let action, let fields):
                    try session.deliver(action, fields: fields, to: screen)
                case .back:
                    try session.goBack()
                case .quit:
                    session.abandon()
                }
            } catch {
                user.turnRejected(turn, on: screen, because: error)
            }
        }
        let outcome = session.outcome ?? .abandoned(screen: session.visibleScreen?.name)
        user.flowEnded(outcome, on: session.visibleScreen)
        return outcome
    }
}
