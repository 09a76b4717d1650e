import FlowEvents
import SampleApps
import Terminal
import VariantHost

/// A clock that advances one second per reading, so event times are predictable.
final class SteppingClock: EventClock {
    private var milliseconds: Int64 = 1_795_339_800_000

    func now() -> EventTimestamp {
        defer { milliseconds += 1000 }
        return EventTimestamp(millisecondsSince1970: milliseconds)
    }
}

/// The registry of the bundled app and variants.
func bundledRegistry() throws -> VariantRegistry {
    try VariantRegistry.registries(of: RegisteredApps.all).registry(forApp: "onboarding")
}

/// A terminal user reading `lines` and collecting what it prints.
final class ScriptedTerminal {
    private var remaining: ArraySlice<String>
    private(set) var output = ""
    private(set) var user: TerminalUser!

    init(_ lines: [String], interactive: Bool = false) {
        remaining = lines[...]
        user = TerminalUser(
            isInteractive: interactive,
            readLine: { [unowned self] in remaining.popFirst() },
            write: { [unowned self] in output += $0 }
        )
    }
}
