import Coordination
import Experiments
import FlowEvents
import SampleApps
import Terminal
import Testing
import VariantHost

@Suite("Walking a flow in the terminal")
struct TerminalUserTests {
    private let phoneBeforeProfile = [
        SlotAssignment(slot: "app-shell", variant: "phone", reason: .forced),
        SlotAssignment(slot: "auth-flow", variant: "signup-before-profile", reason: .forced),
    ]

    private func walk(_ lines: [String], interactive: Bool = false) throws -> (FlowOutcome, ScriptedTerminal, [FlowEvent]) {
        let terminal = ScriptedTerminal(lines, interactive: interactive)
        let sink = InMemoryEventSink()
        var user = terminal.user!
        let outcome = try HostedSession(session: "s", user: "u", assignments: phoneBeforeProfile)
            .run(registry: bundledRegistry(), sink: sink, clock: SteppingClock(), user: &user)
        return (outcome, terminal, sink.events)
    }

    @Test("renders each screen with its fields and numbered choices, hiding passwords")
    func rendering() throws {
        let (_, terminal, _) = try walk(["1", "1", "ada@example.com", "secret123"])
        #expect(terminal.output.contains("""
            == Create your account ==  [signup]
              Email: (empty)
              Password: (empty)
              1) Create account   b) Back   q) Quit
            """))
        #expect(terminal.output.contains("== Tell us about you ==  [profile]"))
        #expect(terminal.output.contains("  1) Save profile   q) Quit"), "no back once the account exists")
    }

    @Test("actions can be chosen by identifier as well as by number")
    func actionByIdentifier() throws {
        let (outcome, _, _) = try walk(["get_started", "create_account", "ada@example.com", "secret123", "save_profile", "Ada", ""])
        #expect(outcome == .completed(screen: "home"))
    }

    @Test("an empty answer keeps the value shown; b goes back; end of input abandons")
    func backAndEndOfInput() throws {
        let (outcome, terminal, events) = try walk(["1", "b"])
        #expect(outcome == .abandoned(screen: "welcome"))
        #expect(terminal.output.contains("(end of input: leaving the flow)"))
        #expect(events.contains { $0.type == .back && $0.screen == "signup" && $0.properties["to"] == "welcome" })
        #expect(events.last?.type == .flowAbandoned)
    }

    @Test("q quits and logs an abandonment on the current screen")
    func quit() throws {
        let (outcome, _, events) = try walk(["1", "q"])
        #expect(outcome == .abandoned(screen: "signup"))
        #expect(events.contains { $0.type == .flowAbandoned && $0.screen == "signup" })
    }

    @Test("in a script, the first unusable line stops the walk and is reported with its line number")
    func scriptedMistake() throws {
        let (outcome, terminal, events) = try walk(["1", "7", "1"])
        #expect(outcome == .abandoned(screen: "signup"))
        #expect(terminal.user.inputError?.description == "input line 2: unknown choice \"7\" on signup; expected one of: 1, b, q")
        #expect(events.last?.type == .flowAbandoned)
    }

    @Test("in a script, a turn the screen refuses is a mistake too")
    func scriptedRefusal() throws {
        let (_, terminal, _) = try walk(["b"])
        #expect(terminal.user.inputError?.description == "input line 1: cannot go back from \"welcome\"; expected one of: 1, q")
    }

    @Test("a root screen whose content allows back offers no back, and b there is refused with the choices it offers")
    func noBackOnRoot() throws {
        let registry = try VariantRegistry.registries(of: RegisteredApps.all).registry(forApp: "checkout")
        let terminal = ScriptedTerminal(["b"])
        var user = terminal.user!
        let assignments = [SlotAssignment(slot: "checkout-flow", variant: "multi-step-checkout", reason: .forced)]
        _ = try HostedSession(session: "s", user: "u", assignments: assignments)
            .run(registry: registry, sink: InMemoryEventSink(), clock: SteppingClock(), user: &user)
        // The cart is the flow's first screen: its content allows back, but there is nothing to go back to.
        #expect(terminal.output.contains("[cart]"))
        #expect(!terminal.output.contains("b) Back"), "\(terminal.output)")
        #expect(terminal.user.inputError?.description.hasPrefix("input line 1: cannot go back from \"cart\"; expected one of: ") == true)
        #expect(terminal.user.inputError?.description.hasSuffix(", q") == true)
    }

    @Test("interactively, a mistake is explained and the question asked again")
    func interactiveMistake() throws {
        let (outcome, terminal, _) = try walk(["7", "b", "1", "1", "ada@example.com", "secret123", "1", "Ada", ""], interactive: true)
        #expect(outcome == .completed(screen: "home"))
        #expect(terminal.output.contains("! unknown choice \"7\" on welcome; expected one of: 1, q"))
        #expect(terminal.output.contains("! cannot go back from \"welcome\""))
        #expect(terminal.user.inputError == nil)
    }
}
