import ArgumentParser

/// The `switchyard` command: hosts whole app flows side by side for A/B testing.
@main
struct Switchyard: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switchyard",
        abstract: "Host whole app flows side by side, assign users to them, log every flow event, compare the logs.",
        version: "0.1.0",
        subcommands: [
            Demo.self, Run.self, Simulate.self, ReportCommand.self, CompareCommand.self,
            Assign.self, Validate.self, Variants.self,
        ]
    )
}
