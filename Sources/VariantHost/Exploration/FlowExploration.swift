import Coordination
import VariantKit

/// Every state of one combination of variants a user can reach from the start, found by driving
/// the real coordinators through `FlowSession`: at each state, every action of the visible screen
/// with each class of input the app's synthetic input names, and back.
///
/// States are told apart by what the user sees (`ExploredState.Key`); each is reached again by
/// replaying its path from a fresh session, so every turn is taken from a genuine state, hidden
/// model state included (an email already taken stays taken along a path). Along the way it
/// checks what any flow must hold (`ExplorationProblem.Kind`). The cost is one replay of a path per
/// turn tried: states × turns per state × path length.
package struct FlowExploration {
    /// The states found, in the order found; the first is the start.
    package private(set) var states: [ExploredState] = []
    /// What was found wrong, each once.
    package private(set) var problems: [ExplorationProblem] = []
    /// Whether exploration stopped at `maxStates` with states left to expand.
    package private(set) var reachedLimit = false

    /// The value `{user}` stands for in the synthetic input exploration types.
    package static let userNumber = 1

    private let app: any HostedApp.Type
    private let selection: VariantSelection
    private let variantIDs: Set<String>
    private let declaredScreens: Set<String>
    private var problemKeys: Set<String> = []

    /// Explores the flow of `app` on the variants of `selection`, up to `maxStates` states.
    package init(app: any HostedApp.Type, selection: VariantSelection, maxStates: Int = 2_000) {
        self.app = app
        self.selection = selection
        variantIDs = Set(selection.all.map { $0.id })
        declaredScreens = Set(app.screenNames)
        explore(maxStates: maxStates)
    }

    /// Whether some path finishes the flow.
    package var canFinish: Bool {
        states.contains { $0.outcome?.isCompleted == true }
    }

    // MARK: Exploring

    private mutating func explore(maxStates: Int) {
        var index: [ExploredState.Key: Int] = [:]
        guard let start = replay([]) else { return }
        states.append(start)
        index[start.key] = 0
        var next = 0
        while next < states.count {
            let state = states[next]
            next += 1
            guard state.outcome == nil, let content = state.content else { continue }
            checkAbandoning(from: state)
            for turn in Self.turns(offeredBy: content, input: app.syntheticInput) {
                guard let reached = replay(state.path + [turn]) else { continue }
                if let known = index[reached.key] {
                    if states[known].liveCoordinators != reached.liveCoordinators {
                        report(.coordinatorsAfterBack, path: reached.path, message:
                            "the user sees the same screens as after \(Self.describe(states[known].path)), but "
                                + "\(reached.liveCoordinators) coordinators are running instead of \(states[known].liveCoordinators): "
                                + "a coordinator the user navigated back out of was not removed, or one was started twice")
                    }
                    continue
                }
                guard states.count < maxStates else {
                    reachedLimit = true
                    return
                }
                index[reached.key] = states.count
                states.append(reached)
            }
        }
    }

    /// The turns a user can take on a screen showing `content`.
    package static func turns(offeredBy content: ScreenContent, input: SyntheticInput) -> [ExploredTurn] {
        var turns: [ExploredTurn] = []
        for action in content.actions {
            guard action.submitsForm, !content.fields.isEmpty else {
                turns.append(.perform(action: action.id, input: .none, fields: [:]))
                continue
            }
            let valid = validValues(for: content.fields, input: input)
            turns.append(.perform(action: action.id, input: .valid, fields: valid))
            for field in content.fields {
                if case .choice = field.kind { continue }
                for value in input.fields[field.id]?.invalid ?? [] {
                    var values = valid
                    values[field.id] = value
                    turns.append(.perform(action: action.id, input: .invalid(field: field.id, value: value), fields: values))
                }
            }
        }
        if content.allowsBack { turns.append(.back) }
        return turns
    }

    /// The valid value of every field: the synthetic input's, a choice's shown value or first option.
    private static func validValues(for fields: [ScreenField], input: SyntheticInput) -> [ScreenField.ID: String] {
        var values: [ScreenField.ID: String] = [:]
        for field in fields {
            switch field.kind {
            case .text, .email, .password:
                guard let valid = input.fields[field.id]?.valid else { continue }
                values[field.id] = valid.replacingAll(SyntheticInput.userMarker, with: String(userNumber))
            case .choice(let options, _):
                if field.value.isEmpty || !options.contains(field.value), let first = options.first { values[field.id] = first }
            }
        }
        return values
    }

    // MARK: Replaying

    /// A fresh session of the flow, started.
    private struct Run {
        var session: FlowSession
        var signals: SignalLog
    }

    /// The signals a run emitted.
    private final class SignalLog {
        var signals: [FlowSignal] = []
    }

    private mutating func startRun(path: [ExploredTurn]) -> Run? {
        let root: Coordinator
        do {
            root = try app.makeRootCoordinator(for: selection, navigator: Navigator())
        } catch {
            report(.composition, path: path, message: "the variants do not compose: \(error)")
            return nil
        }
        let session = FlowSession(root: root)
        let log = SignalLog()
        session.observer = { log.signals.append($0) }
        session.start()
        return Run(session: session, signals: log)
    }

    /// The state `path` reaches, or nil when a turn of it is refused.
    private mutating func replay(_ path: [ExploredTurn]) -> ExploredState? {
        guard let run = startRun(path: path) else { return nil }
        for turn in path {
            do {
                switch turn {
                case .perform(let action, _, let fields): try run.session.perform(action, fields: fields)
                case .back: try run.session.goBack()
                }
            } catch {
                return nil
            }
        }
        check(run, after: path)
        return state(of: run.session, path: path)
    }

    private mutating func checkAbandoning(from state: ExploredState) {
        guard let run = startRun(path: state.path) else { return }
        for turn in state.path {
            switch turn {
            case .perform(let action, _, let fields): try? run.session.perform(action, fields: fields)
            case .back: try? run.session.goBack()
            }
        }
        run.session.abandon()
        check(run, after: state.path)
        let live = run.session.root.liveCoordinatorCount
        if live > 0 {
            report(.coordinatorsAfterAbandon, path: state.path, message:
                "\(live) coordinators are still running after the user abandoned here: end children when their parent ends")
        }
    }

    private mutating func check(_ run: Run, after path: [ExploredTurn]) {
        for signal in run.signals.signals {
            if let origin = signal.origin, variantIDs.contains(origin) {
            } else {
                report(.variantMissing, path: path, message:
                    "coordinator \(signal.coordinator) emitted \(Self.name(of: signal.kind)) "
                        + (signal.origin.map { "labelled \"\($0)\", a variant this session does not run" } ?? "with no variant")
                        + ": make every coordinator through its ChosenVariant (selection.variant(for:as:).coordinator { ... })")
            }
            if case .screenShown(let screen) = signal.kind, !declaredScreens.contains(screen) {
                report(.undeclaredScreen, path: path, message:
                    "screen \"\(screen)\" was shown, but \(app.name) does not declare it: add it to \(String(reflecting: app)).screenNames")
            }
        }
        if case .completed? = run.session.outcome, run.session.root.liveCoordinatorCount > 0 {
            report(.coordinatorsAfterFinish, path: path, message:
                "\(run.session.root.liveCoordinatorCount) coordinators are still running after the flow finished: "
                    + "finish or end every child before the root finishes")
        }
    }

    private func state(of session: FlowSession, path: [ExploredTurn]) -> ExploredState {
        var stacks: [[ExploredState.ScreenSnapshot]] = []
        var navigator: Navigator? = session.navigator
        while let current = navigator {
            stacks.append(current.screens.map { ExploredState.ScreenSnapshot(name: $0.name, content: $0.content) })
            navigator = current.presented
        }
        let visible = session.isRunning ? session.visibleScreen : nil
        return ExploredState(
            key: ExploredState.Key(stacks: session.outcome == nil ? stacks : [], outcome: session.outcome),
            path: path,
            screen: visible?.name,
            content: visible?.content,
            liveCoordinators: session.root.liveCoordinatorCount
        )
    }

    private mutating func report(_ kind: ExplorationProblem.Kind, path: [ExploredTurn], message: String) {
        guard problemKeys.insert("\(kind.rawValue) \(message)").inserted else { return }
        problems.append(ExplorationProblem(kind: kind, path: path, message: message))
    }

    private static func describe(_ path: [ExploredTurn]) -> String {
        (["start"] + path.map(\.description)).joined(separator: " → ")
    }

    private static func name(of kind: FlowSignal.Kind) -> String {
        switch kind {
        case .screenShown(let screen): "screen_shown(\(screen))"
        case .action(let screen, let action): "action(\(action) on \(screen))"
        case .back(let from, _): "back(from \(from))"
        case .childStarted(let child): "child_started(\(child))"
        case .childFinished(let child, _): "child_finished(\(child))"
        case .mutation(let operation, _): "mutation(\(operation))"
        case .flowCompleted: "flow_completed"
        case .flowAbandoned: "flow_abandoned"
        }
    }
}

extension String {
    /// The text with every `marker` replaced by `value`.
    fileprivate func replacingAll(_ marker: String, with value: String) -> String {
        split(separator: marker, omittingEmptySubsequences: false).joined(separator: value)
    }
}
