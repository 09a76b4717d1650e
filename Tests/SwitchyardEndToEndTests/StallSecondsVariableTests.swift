import Foundation
import Testing

/// `SWITCHYARD_EXPLORATION_STALL_SECONDS` is read as carefully as an option: a value that is not a number of seconds
/// from 0.25 to 86400 is one `Error:` line naming the variable, before any exploration starts, in every command that
/// explores flows; never a trap in the worker process (which `1e16`, `inf` and `nan` were, converted to milliseconds).
@Suite("A bad exploration stall time in the environment is one clear error")
struct StallSecondsVariableTests {
    static let badValues = ["nan", "NaN", "inf", "-inf", "1e16", "1e309", "-1", "0", "0.1", "ten", "10s", " 5", "0x"]

    @Test("map, validate, demo and report --format html refuse it with exit status 1 and no backtrace", arguments: badValues)
    func refused(value: String) throws {
        let cli = try CLI()
        let simulated = try cli.run(Repository.simulate(users: 5, events: "log.jsonl"))
        #expect(simulated.status == 0, "\(simulated.standardError)")
        let commands = [
            ["map", "--app", "onboarding"],
            ["validate", "--config", Repository.experiments],
            ["report", "log.jsonl", "--config", Repository.experiments, "--format", "html", "--out", "report.html"],
            ["demo", "--app", "onboarding", "--config", Repository.experiments, "--behavior", Repository.behavior, "--users", "10"],
        ]
        for command in commands {
            let result = try cli.run(command, environment: ["SWITCHYARD_EXPLORATION_STALL_SECONDS": value])
            #expect(result.status == 1, "\(command)")
            #expect(
                result.standardError
                    == "Error: SWITCHYARD_EXPLORATION_STALL_SECONDS is \"\(value)\"; expected a number of seconds from 0.25 to 86400\n",
                "\(command)"
            )
            #expect(result.standardOutput.isEmpty, "\(command)")
        }
        #expect(cli.contents(of: "report.html") == nil)
    }

    @Test("a value in range, at either end, or an empty one (the default, 10 s), explores as usual", arguments: ["0.25", "86400", "2.5", ""])
    func accepted(value: String) throws {
        let result = try CLI().run(["map", "--app", "onboarding", "--format", "json"], environment: ["SWITCHYARD_EXPLORATION_STALL_SECONDS": value])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.json != nil)
    }
}
