import ArgumentParser
import FlowReports

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `switchyard` command tree: hosts whole app flows side by side for A/B testing.
struct SwitchyardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "Host whole app flows side by side, assign users to them, log every flow event, compare the logs.",
        version: "0.1.0",
        subcommands: [
            DemoCommand.self, RunCommand.self, SimulateCommand.self, ReportCommand.self, CompareCommand.self,
            AssignCommand.self, ValidateCommand.self, VariantsCommand.self, MapCommand.self, SQLCommand.self, InitCommand.self,
        ]
    )

    /// Parses and runs the command as ArgumentParser would, returning its exit code, but writes an error (or help) with one `write(2)`:
    /// ArgumentParser writes it a byte at a time, so the messages of processes sharing a terminal interleave. Each line of the message
    /// is sanitized and cut (`TerminalText.message`).
    static func runReportingErrors() async -> ExitCode {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return .success
        } catch {
            // Errors quote configs, logs and arguments: no name in them reaches the terminal as a control.
            let message = TerminalText.message(fullMessage(for: error))
            let code = exitCode(for: error)
            if !message.isEmpty {
                if code == .success {
                    StandardIO.write(message + "\n")
                } else {
                    StandardIO.writeError(message + "\n")
                }
            }
            return code
        }
    }

    /// Ends the process with `code`.
    static func exit(with code: ExitCode) -> Never {
        #if canImport(Glibc)
        Glibc.exit(code.rawValue)
        #else
        Darwin.exit(code.rawValue)
        #endif
    }
}
