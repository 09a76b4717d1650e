import Coordination
import VariantKit

/// Every state of one combination of variants a user can reach from the start, found by driving
/// the real coordinators through `FlowSession`: at each state, every action of the visible screen
/// with each class of input the app's synthetic input names, and back; every state is also abandoned.
///
/// States are told apart by what the user sees (`ExploredState.Key`), so a flow that loops is a
/// finite graph: a turn that shows screens already seen leads back to their state. Each state is
/// reached again by replaying its path from a fresh session, so every turn is taken from a genuine
/// state, hidden model state included (an email already taken stays taken along a path). Along the
/// way it checks what any flow must hold (`ExplorationProblem.Kind`) and keeps the events the flow
/// logs, as a host would log them.
///
/// The cost is one replay of a path per turn tried: states × turns per state × path length. The
/// exploration stops at `maxStates` states; `frontier` then says which states were left unexpanded.
package struct FlowExploration {
    /// The states found, in the order found (breadth first); the first is the start.
    package private(set) var states: [ExploredState] = []
    /// Every turn taken from a state to a state, in the order taken.
    package private(set) var transitions: [ExploredTransition] = []
    /// What was found wrong, each once.
    package private(set) var problems: [ExplorationProblem] = []
    /// Whether exploration stopped at `maxStates` with states left to expand.
    package private(set) var reachedLimit = false
    /// The states found but not (or not wholly) expanded when the limit stopped the exploration, as
    /// indices into `states`; empty when it finished.
    package private(set) var frontier: [Int] = []
    /// The events the flow logs as it starts, before the user's first turn, in order.
    package private(set) var startEvents: [EmittedEvent] = []
    /// Every distinct event the flow logged on some path (abandoning included), in the order first
    /// logged, each with the first path that logs it.
    package private(set) var events: [(event: EmittedEvent, path: [ExploredTurn])] = []
    /// How many sessions were started and replayed.
    package private(set) var replays = 0
    /// The limit it was given.
    package let maxStates: Int

    /// The value `{user}` stands for in the synthetic input exploration types.
    package static let userNumber = 1

    private let app: any HostedApp.Type
    private let selection: VariantSelection
    private let variantIDs: Set<String>
    private let declaredScreens: Set<String>
    private var problemKeys: Set<String> = []
    private var eventIndex: Set<EmittedEvent> = []
    private var composes = true
    private var watchSlot: Int?

    /// Explores the flow of `app` on the variants of `selection`, up to `maxStates` states.
    ///
    /// - Parameter watchLabel: names the exploration to `ExplorationWatch`, which, when installed, reports
    ///   the path being replayed if a coordinator traps or stalls.
    package init(app: any HostedApp.Type, selection: VariantSelection, maxStates: Int = 2_000, watchLabel: String? = nil) {
        self.app = app
        self.selection = selection
        self.maxStates = max(1, maxStates)
        variantIDs = Set(selection.all.map { $0.id })
        declaredScreens = Set(app.screenNames)
        watchSlot = watchLabel.flatMap(ExplorationWatch.begin)
        explore()
        ExplorationWatch.end(watchSlot)
    }

    /// Whether some path finishes the flow.
    package var canFinish: Bool {
        states.contains { $0.outcome?.isCompleted == true }
    }

    // MARK: Exploring

    private mutating func explore() {
        var index: [ExploredState.Key: Int] = [:]
        guard case .reached(let start, let startEvents)? = replay([]) else { return }
        states.append(start)
        index[start.key] = 0
        self.startEvents = startEvents
        note(startEvents, path: [])
        var next = 0
        while next < states.count {
            let current = next
            next += 1
            guard states[current].outcome == nil, let content = states[current].content else { continue }
            states[current].abandonEvents = checkAbandoning(from: states[current])
            let path = states[current].path
            for turn in Self.turns(offeredBy: content, input: app.syntheticInput) {
                guard let outcome = replay(path + [turn]) else { continue }
                let reached: ExploredState
                let events: [EmittedEvent]
                switch outcome {
                case .refused(let reason):
                    states[current].refusedTurns.append(RefusedTurn(turn: turn, reason: reason))
                    continue
                case .reached(let state, let logged):
                    reached = state
                    events = logged
                }
                note(events, path: reached.path)
                if let known = index[reached.key] {
                    if states[known].liveCoordinators != reached.liveCoordinators {
                        report(.coordinatorsAfterBack, path: reached.path, message:
                            "the user sees the same screens as after \(ExploredTurn.describe(states[known].path)), but "
                                + "\(reached.liveCoordinators) coordinators are running instead of \(states[known].liveCoordinators): "
                                + "a coordinator the user navigated back out of was not removed, or one was started twice",
                            fix: "start a child only once, and let the navigator remove a child the user went back out of "
                                + "(show its screens with owner: child)")
                    }
                    transitions.append(ExploredTransition(from: current, to: known, turn: turn, events: events))
                    continue
                }
                guard states.count < maxStates else {
                    reachedLimit = true
                    frontier = ([current] + Array(next..<states.count)).filter { states[$0].outcome == nil }
                    return
                }
                index[reached.key] = states.count
                transitions.append(ExploredTransition(from: current, to: states.count, turn: turn, events: events))
                states.append(reached)
            }
            states[current].expanded = true
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
    package static func validValues(for fields: [ScreenField], input: SyntheticInput) -> [ScreenField.ID: String] {
        FlowRoute.values(for: .perform(action: "", input: .valid), on: ScreenContent(title: "", fields: fields), input: input, user: userNumber)
    }

    // MARK: Replaying

    /// What replaying a path from a fresh session came to.
    private enum Replay {
        /// The path reached `state`; its last turn logged `events` (for the empty path, the start did).
        case reached(ExploredState, events: [EmittedEvent])
        /// The session refused the path's last turn, for `reason`.
        case refused(reason: String)
    }

    /// A fresh session, started; nil (the problem reported) when the variants do not compose.
    private mutating func startRun(path: [ExploredTurn]) -> ExplorationRun? {
        guard composes else { return nil }
        replays += 1
        ExplorationWatch.note(watchSlot, path: path)
        do {
            return try ExplorationRun(app: app, selection: selection)
        } catch {
            composes = false
            report(.composition, path: path, message: "the variants do not compose: \(error)", fix:
                "make \(String(reflecting: app)).makeRootCoordinator compose these variants (each slot's through selection.variant(for:as:))")
            return nil
        }
    }

    /// What `path` comes to from a fresh session; nil when a turn before its last is refused (the
    /// problem reported) or the variants do not compose. A path that ends the flow is also checked for
    /// coordinators its released session leaves alive.
    private mutating func replay(_ path: [ExploredTurn]) -> Replay? {
        var coordinators: [CoordinatorReference] = []
        let outcome = replay(path, keeping: &coordinators)
        if case .reached(let state, _)? = outcome, let ending = state.outcome {
            checkReleased(coordinators, after: path, ending: ending.isCompleted ? "finished" : "ended as abandoned")
        }
        return outcome
    }

    /// Replays `path` in a run released on return, leaving weak references to its coordinators in `coordinators`.
    private mutating func replay(_ path: [ExploredTurn], keeping coordinators: inout [CoordinatorReference]) -> Replay? {
        guard let run = startRun(path: path) else { return nil }
        defer { coordinators = run.coordinators }
        // The events of the last turn; for the empty path, those of the start.
        var lastTurnStart = 0
        for (position, turn) in path.enumerated() {
            let isLast = position == path.count - 1
            if isLast { lastTurnStart = run.events.count }
            do {
                try run.take(turn)
            } catch {
                if isLast { return .refused(reason: error.description) }
                reportDivergence(at: Array(path[...position]), error: error)
                return nil
            }
        }
        check(run, after: path)
        return .reached(state(of: run, path: path), events: Array(run.events[lastTurnStart...]))
    }

    /// Abandons the flow in `state` and checks what abandoning leaves behind; returns the events abandoning logs.
    private mutating func checkAbandoning(from state: ExploredState) -> [EmittedEvent] {
        var coordinators: [CoordinatorReference] = []
        guard let events = abandon(after: state.path, keeping: &coordinators) else { return [] }
        checkReleased(coordinators, after: state.path, ending: "was abandoned")
        return events
    }

    /// Abandons the flow after `path` in a run released on return; returns the events abandoning logged, or nil
    /// when the path cannot be replayed.
    private mutating func abandon(after path: [ExploredTurn], keeping coordinators: inout [CoordinatorReference]) -> [EmittedEvent]? {
        guard let run = startRun(path: path) else { return nil }
        defer { coordinators = run.coordinators }
        for (position, turn) in path.enumerated() {
            do {
                try run.take(turn)
            } catch {
                reportDivergence(at: Array(path[...position]), error: error)
                return nil
            }
        }
        let before = run.events.count
        run.abandon()
        check(run, after: path)
        let logged = Array(run.events[before...])
        note(logged, path: path)
        let live = run.session.root.liveCoordinatorCount
        if live > 0 {
            report(.coordinatorsAfterAbandon, path: path, message:
                "\(live) coordinators are still running after the user abandoned here", fix: Self.endChildrenFix)
        }
        return logged
    }

    private mutating func reportDivergence(at path: [ExploredTurn], error: ScreenInputError) {
        report(.replayDiverged, path: path, message:
            "replaying a path that worked before, the session refused \(path.last?.description ?? "the start") (\(error)): "
                + "the flow depends on something besides the user's turns, such as the clock, a random source or state shared "
                + "between sessions",
            fix: "make each session's coordinators and services draw only on the session's own inputs")
    }

    /// Reports the coordinators of a released run that something still keeps alive.
    private mutating func checkReleased(_ coordinators: [CoordinatorReference], after path: [ExploredTurn], ending: String) {
        for reference in coordinators where reference.coordinator != nil {
            let variant = reference.variant.map { " of variant \($0)" } ?? ""
            report(.coordinatorRetained, path: path, message:
                "coordinator \(reference.name)\(variant) is still alive after the flow \(ending) and its session was released: "
                    + "something keeps a strong reference to it, such as a screen's closure that captures it without "
                    + "[unowned self] while it keeps the screen, or a static property",
                fix: "capture the coordinator weakly in the closures of screens it keeps ([unowned self] or [weak self]), and keep "
                    + "no coordinator in a static property or a shared service", variant: reference.variant)
        }
    }

    private mutating func check(_ run: ExplorationRun, after path: [ExploredTurn]) {
        for signal in run.signals {
            if let variant = signal.variant, variantIDs.contains(variant) {
            } else {
                report(.variantMissing, path: path, message:
                    "coordinator \(signal.coordinator) emitted \(Self.name(of: signal.kind)) "
                        + (signal.variant.map { "labelled \"\($0)\", a variant this session does not run" } ?? "with no variant"),
                    fix: "make every coordinator through its ChosenVariant: selection.variant(for:as:).coordinator { ... }")
            }
            if case .screenShown(let screen) = signal.kind, !declaredScreens.contains(screen) {
                report(.undeclaredScreen, path: path, message: "screen \"\(screen)\" was shown, but \(app.name) does not declare it",
                    fix: "add \"\(screen)\" to \(String(reflecting: app)).screenNames, or correct the name the screen gives")
            }
        }
        let live = run.session.root.liveCoordinatorCount
        switch run.session.outcome {
        case .completed? where live > 0:
            report(.coordinatorsAfterFinish, path: path, message: "\(live) coordinators are still running after the flow finished",
                fix: "finish or end every child coordinator before the root finishes; start no child once the flow has ended")
        case .abandoned? where live > 0:
            report(.coordinatorsAfterAbandon, path: path, message:
                "\(live) coordinators are still running after the flow ended as abandoned", fix: Self.endChildrenFix)
        default:
            break
        }
    }

    private func state(of run: ExplorationRun, path: [ExploredTurn]) -> ExploredState {
        let session = run.session
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
            variant: session.isRunning ? run.visibleScreenVariant : nil,
            liveCoordinators: session.root.liveCoordinatorCount
        )
    }

    /// Keeps the events not seen before, with the path that logs them.
    private mutating func note(_ logged: [EmittedEvent], path: [ExploredTurn]) {
        for event in logged where eventIndex.insert(event).inserted {
            events.append((event, path))
        }
    }

    /// The fix for children left running once the flow was abandoned.
    private static let endChildrenFix = "start no child coordinator once its parent or the flow has ended, such as from "
        + "a child's onEnd handler or a late callback"

    private mutating func report(
        _ kind: ExplorationProblem.Kind, path: [ExploredTurn], message: String, fix: String, variant: String? = nil
    ) {
        guard problemKeys.insert("\(kind.rawValue) \(message)").inserted else { return }
        problems.append(ExplorationProblem(kind: kind, path: path, message: message, fix: fix, variant: variant))
    }

    private static func name(of kind: FlowSignal.Kind) -> String {
        switch kind {
        case .screenShown(let screen): "screen_shown(\(screen))"
        case .action(let screen, let action): "action(\(action) on \(screen))"
        case .back(let from, _): "back(from \(from))"
        case .childStarted(let child): "child_started(\(child))"
        case .childFinished(let child, _): "child_finished(\(child))"
        case .mutation(let operation, _, _): "mutation(\(operation))"
        case .flowCompleted: "flow_completed"
        case .flowAbandoned: "flow_abandoned"
        }
    }
}
