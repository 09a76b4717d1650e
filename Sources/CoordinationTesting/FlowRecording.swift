import Coordination

/// Everything observable about one walk through a flow, for assertions in tests.
public struct FlowRecording {
    /// How the walk ended.
    public var outcome: FlowOutcome
    /// Every signal the flow emitted, in order.
    public var signals: [FlowSignal]
    /// What the navigators did, in order.
    public var navigation: [NavigationRecord]
    /// The user that walked it, with the screens it saw and the turns that were refused.
    public var user: ScriptedUser
    /// Running coordinators left in the tree after the walk: zero unless something leaked.
    public var liveCoordinators: Int

    /// The screens that became visible, in order.
    public var screensShown: [String] {
        signals.compactMap { signal in
            if case .screenShown(let screen) = signal.kind { screen } else { nil }
        }
    }

    /// The model changes attempted, as `operation:outcome` (`create_account:failed(email_taken)`).
    public var mutations: [String] {
        signals.compactMap { signal in
            guard case .mutation(let operation, let outcome, _) = signal.kind else { return nil }
            switch outcome {
            case .succeeded: return "\(operation):succeeded"
            case .failed(let reason): return "\(operation):failed(\(reason))"
            }
        }
    }

    /// Walks the flow rooted at `root` with a scripted user playing `turns`.
    public static func walk(_ root: Coordinator, turns: [UserTurn], runner: FlowRunner = FlowRunner()) -> FlowRecording {
        let collector = SignalCollector()
        let navigator = root.navigator.root
        let previousObserver = navigator.observer
        navigator.observer = { signal in
            collector.signals.append(signal)
            previousObserver?(signal)
        }
        var user = ScriptedUser(turns)
        let outcome = runner.run(root, user: &user)
        navigator.observer = previousObserver
        return FlowRecording(
            outcome: outcome,
            signals: collector.signals,
            navigation: navigator.transcript,
            user: user,
            liveCoordinators: root.liveCoordinatorCount
        )
    }
}

private final class SignalCollector {
    var signals: [FlowSignal] = []
}
