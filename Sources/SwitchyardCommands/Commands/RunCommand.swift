import ArgumentParser
import Coordination
import Experiments
import FlowEvents
import Foundation
import Terminal
import VariantHost
import VariantKit

/// `switchyard run`: walk a flow in the terminal.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Walk a flow in the terminal, logging every event.",
        discussion: """
            Each screen is printed; answer with an action's number, b (back) or q (quit). \
            An action that submits a form then asks for each field; an empty answer keeps the value shown. \
            Input can be piped or read from --input FILE: the walk then stops at the first line it cannot use. \
            Every event is written as it happens, so interrupting the walk (Ctrl-C) loses none of them; \
            type q to also log the abandonment.
            """
    )

    @Option(name: .customLong("variant"), help: ArgumentHelp(
        "A variant to run; repeat it to choose the variant of several slots (see `switchyard variants`).",
        valueName: "id"
    ))
    var variants: [String] = []

    @OptionGroup var appOptions: AppOptions

    @OptionGroup var userOptions: UserOptions

    @Option(help: ArgumentHelp(
        "The experiment config that assigns slots not named by --variant (default: Configuration/<app>/experiments.json when it exists).",
        valueName: "path"
    ))
    var config: String?

    @OptionGroup var stickyStore: StickyStoreOption

    @Option(help: ArgumentHelp("The JSON Lines file events are appended to.", valueName: "path"))
    var events = "events.jsonl"

    @Option(help: ArgumentHelp("Read answers from this file instead of standard input.", valueName: "path"))
    var input: String?

    @Flag(help: "fsync the log after every event, so the walk survives the machine losing power.")
    var fsync = false

    func validate() throws {
        if let user = userOptions.user, let problem = FlowEventLimits.tooLong(user, "id") {
            throw ValidationError("--user: \(problem), as it is logged in every event")
        }
    }

    func run() throws {
        let registry = try CommandInputs.registry(app: appOptions.app, configPath: config, variants: variants)
        let configuration = try CommandInputs.configuration(path: config, registry: registry)
        let user = userOptions.user ?? Identifiers.random(prefix: "u")
        let store = try stickyStore.open()
        let attributes = try userOptions.parsedAttributes()
        try checkAttributesFitEventFields(attributes)
        let assignment = configuration.assign(
            user: user,
            attributes: attributes,
            forced: try CommandInputs.forcedVariants(variants, in: registry),
            stickyBuckets: store
        )
        try StickyStoreOption.flush(store)
        let terminal = try makeTerminalUser()
        let sink: JSONLinesFileSink
        do {
            // A walk makes few events: write each at once, so an interrupted walk loses none.
            sink = try JSONLinesFileSink(path: events, durability: fsync ? .machineCrash : .processCrash, bufferLimit: 1)
        } catch {
            throw CommandError("cannot log events: \(error)")
        }
        StandardIO.write("User \(user): " + assignment.slots.map { "\($0.slot)=\($0.variant) (\($0.reasonSummary))" }
            .joined(separator: ", ") + "\n")
        let session = HostedSession(
            session: Identifiers.random(prefix: "s"), user: user, assignments: assignment.slots, attributes: attributes
        )
        var flowUser = terminal
        let outcome: FlowOutcome
        do {
            outcome = try session.run(
                registry: registry, sink: sink, clock: SystemClock(), user: &flowUser,
                onNavigationChange: { StandardIO.write(NavigationNarrator.line(for: $0) + "\n") }
            )
        } catch {
            throw CommandError(error.description)
        }
        if let signal = InterruptSignal.receivedSignal {
            let name = signal == SIGINT ? "Interrupted" : signal == SIGHUP ? "Hung up" : "Terminated"
            StandardIO.write("\n\(name): the walk was logged as abandoned in \(events).\n")
            throw ExitCode(128 + signal)
        }
        if let inputError = terminal.inputError {
            throw CommandError("\(input ?? "standard input"): \(inputError); the walk was logged as abandoned in \(events)")
        }
        switch outcome {
        case .completed(let screen):
            StandardIO.write("\nFlow completed on \(screen ?? "no screen"). Events appended to \(events).\n")
        case .abandoned(let screen):
            StandardIO.write("\nFlow abandoned on \(screen ?? "no screen"). Events appended to \(events).\n")
        }
    }

    /// Refuses attributes whose name or value is longer than an event field: the one an experiment hashes is
    /// logged in its exposure, which the log's writer would refuse after the session had started.
    private func checkAttributesFitEventFields(_ attributes: Attributes) throws {
        for name in attributes.keys {
            let value: String
            switch attributes[name] {
            case .string(let text)?: value = text
            case let other?: value = other.jsonText
            case nil: value = ""
            }
            if let problem = FlowEventLimits.tooLong(name, "name") ?? FlowEventLimits.tooLong(value, "value") {
                throw CommandError("attribute \(name.prefix(40)): \(problem), as it may be logged in events")
            }
        }
    }

    private func makeTerminalUser() throws -> TerminalUser {
        InterruptSignal.catchInterrupts()
        guard let input else {
            let lines = StandardInputLines()
            return TerminalUser(
                isInteractive: StandardIO.inputIsTerminal,
                readLine: { lines.next(isInterrupted: { InterruptSignal.wasReceived }) },
                write: StandardIO.write
            )
        }
        let text = try InputFile.text(at: input, option: "--input", expected: "a text file of answers")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        if lines.last == "" { lines.removeLast() }
        return TerminalUser(
            isInteractive: false,
            readLine: { InterruptSignal.wasReceived ? nil : lines.popFirst() },
            write: StandardIO.write
        )
    }
}
