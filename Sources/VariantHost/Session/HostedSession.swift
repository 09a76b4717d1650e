import Coordination
import Experiments
import FlowEvents
import VariantKit

/// One walk through the hosted app: composes the assigned variants into a root coordinator,
/// logs the session's start, runs the flow with a user and flushes the log.
public struct HostedSession {
    /// The session's identifier.
    public var session: String
    /// The user's identifier.
    public var user: String
    /// The variant of every slot, and how each was chosen.
    public var assignments: [SlotAssignment]
    /// The user's targeting attributes, logged on `session_started` (see `SessionRecorder.recordStart`).
    public var attributes: Attributes

    /// Describes a session.
    public init(session: String, user: String, assignments: [SlotAssignment], attributes: Attributes = Attributes()) {
        self.session = session
        self.user = user
        self.assignments = assignments
        self.attributes = attributes
    }

    /// Runs the session with `flowUser`, recording its events in `sink`, and says how it ended.
    ///
    /// The sink is flushed when the session ends, whatever the outcome.
    /// - Parameters:
    ///   - registry: The app's registered variants, which the session's assignments are looked up in.
    ///   - sink: Where the session's events are recorded.
    ///   - clock: The time of each event.
    ///   - flowUser: Who acts on the screens: a person at a terminal, a simulated user, a test's script.
    ///   - runner: The turn limit after which a user still walking the flow is taken to have abandoned it.
    ///   - onNavigationChange: Hears every change to the navigator's stacks, as a driver
    ///     mirroring them would (the terminal says what was pushed, presented or dismissed).
    /// - Throws: `HostError` if a variant is unknown, the variants do not compose, or the sink fails.
    public func run(
        registry: VariantRegistry,
        sink: any FlowEventSink,
        clock: any EventClock,
        user flowUser: inout some FlowUser,
        runner: FlowRunner = FlowRunner(),
        onNavigationChange: ((NavigationChange) -> Void)? = nil
    ) throws(HostError) -> FlowOutcome {
        let selection: VariantSelection
        do {
            selection = try registry.selection(for: assignments)
        } catch {
            throw .registry(error)
        }
        let recorder = SessionRecorder(session: session, user: user, assignments: assignments, sink: sink, clock: clock)
        return try run(
            app: registry.app, selection: selection, recorder: recorder, user: &flowUser, runner: runner,
            onNavigationChange: onNavigationChange
        ) { recorder in
            recorder.recordStart(of: assignments, attributes: attributes)
        }
    }

    /// Runs the session on the variants of `selection`, which must be those `assignments` chose,
    /// encoding its events' lines into `buffer`: a simulation looks the variants up once for the
    /// many sessions that share them, and writes a batch of sessions' lines in one piece.
    package func run(
        app: any HostedApp.Type,
        selection: VariantSelection,
        encodingInto buffer: EncodedEventBuffer,
        clock: any EventClock,
        user flowUser: inout some FlowUser,
        budget: SessionEventBudget,
        startProperties: inout [UInt8]?
    ) throws(HostError) -> FlowOutcome {
        let recorder = SessionRecorder(session: session, user: user, assignments: assignments, encodingInto: buffer, clock: clock)
        recorder.budget = budget
        return try run(app: app, selection: selection, recorder: recorder, user: &flowUser, keepsTranscript: false) { recorder in
            recorder.recordStart(of: assignments, attributes: attributes, startProperties: &startProperties)
        }
    }

    /// Runs the session on the variants of `selection`, recording its events with `recorder`;
    /// `recordStart` records the session's start with it. The navigator keeps a transcript only if `keepsTranscript`.
    private func run(
        app: any HostedApp.Type,
        selection: VariantSelection,
        recorder: SessionRecorder,
        user flowUser: inout some FlowUser,
        runner: FlowRunner = FlowRunner(),
        onNavigationChange: ((NavigationChange) -> Void)? = nil,
        keepsTranscript: Bool = true,
        recordStart: (SessionRecorder) -> Void
    ) throws(HostError) -> FlowOutcome {
        let navigator = Navigator(keepsTranscript: keepsTranscript)
        let root: Coordinator
        do {
            root = try app.makeRootCoordinator(for: selection, navigator: navigator)
        } catch {
            throw .composition(error)
        }
        let flow = FlowSession(root: root)
        flow.observer = { recorder.record($0) }
        if let onNavigationChange { flow.onNavigationChange = onNavigationChange }
        recordStart(recorder)
        let outcome = runner.run(flow, user: &flowUser)
        flow.observer = nil
        if onNavigationChange != nil { flow.onNavigationChange = nil }
        recorder.flush()
        if let failure = recorder.failure { throw .events(failure) }
        return outcome
    }

    /// Begins the session as an app whose UI delivers events drives it: logs the session's start
    /// and returns a flow session, not yet started, whose every signal is logged to `sink`.
    ///
    /// The app composes `root` itself, with its own screens (view controllers implementing the
    /// app's screen protocols), from the variants `assignments` chose. It then sets the returned
    /// session's `onNavigationChange` and `onEnd`, calls `start()`, and delivers the user's
    /// actions. The sink is flushed when the flow ends; `onLogFailure` hears a failure to write,
    /// after which the flow goes on unlogged. Each screen gets its `ScreenSession` when shown.
    public func begin(
        root: Coordinator,
        sink: any FlowEventSink,
        clock: any EventClock,
        onLogFailure: ((EventSinkError) -> Void)? = nil
    ) -> FlowSession {
        let recorder = SessionRecorder(session: session, user: user, assignments: assignments, sink: sink, clock: clock)
        let flow = FlowSession(root: root, connectingScreens: true)
        var reportedFailure = false
        flow.observer = { signal in
            recorder.record(signal)
            if case .flowCompleted = signal.kind { recorder.flush() }
            if case .flowAbandoned = signal.kind { recorder.flush() }
            if let failure = recorder.failure, !reportedFailure {
                reportedFailure = true
                onLogFailure?(failure)
            }
        }
        recorder.recordStart(of: assignments, attributes: attributes)
        return flow
    }
}

/// Why the host could not run a session.
public enum HostError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A variant is unknown or the registry is inconsistent.
    case registry(RegistryError)
    /// The chosen variants do not compose into a flow.
    case composition(CompositionError)
    /// The event log could not be written.
    case events(EventSinkError)
    /// The work was cancelled before it finished.
    case interrupted

    /// Why the session could not run, in one line.
    public var description: String {
        switch self {
        case .registry(let error): error.description
        case .composition(let error): error.description
        case .events(let error): "cannot write events to \(error)"
        case .interrupted: "interrupted before it finished"
        }
    }
}
