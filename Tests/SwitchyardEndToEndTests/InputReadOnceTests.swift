import Foundation
import Testing

/// A config, a behaviour model, a counts file and `run --input` answers are each read once per command, so each
/// works as a regular file, a FIFO (which a second open waits on for ever), `/dev/stdin` or a process substitution
/// (which a second read finds empty), in every command that takes it, including those that explore flows in a
/// worker, which is handed the command's bytes. Each command runs under `timeout 20`: a hang is a failure, not a
/// stuck suite.
@Suite("Each input is read once: a FIFO, /dev/stdin or <(cat file) works wherever a file does")
struct InputReadOnceTests {
    /// How the input reaches the command.
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case regularFile = "a regular file"
        case fifo = "a FIFO, written by a process in the background"
        case standardInput = "/dev/stdin, piped"
        case processSubstitution = "a bash process substitution"

        var description: String { rawValue }

        /// A bash script running `switchyard` with `arguments`, where `INPUT` stands for the input, made of `source`.
        func script(_ arguments: [String], source: String) -> String {
            let input: String
            var before = ""
            var prefix = ""
            var after = ""
            switch self {
            case .regularFile:
                input = quoted(source)
            case .fifo:
                input = "input.fifo"
                before = "rm -f input.fifo && mkfifo input.fifo\ntimeout 20 sh -c 'cat \"$0\" > input.fifo' \(quoted(source)) &\nwriter=$!\n"
                after = "kill $writer 2>/dev/null\nwait $writer 2>/dev/null\n"
            case .standardInput:
                input = "/dev/stdin"
                prefix = "cat \(quoted(source)) | "
            case .processSubstitution:
                input = "<(cat \(quoted(source)))"
            }
            let words = arguments.map { $0 == "INPUT" ? input : quoted($0) }.joined(separator: " ")
            return before + prefix + "timeout 20 \"$SWITCHYARD\" \(words)\nstatus=$?\n" + after + "exit $status\n"
        }

        private func quoted(_ word: String) -> String {
            "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
    }

    /// A command reading one input (`INPUT` in its arguments), made of the file `source`, and what it prints
    /// when it has read it whole.
    struct Use: CustomStringConvertible {
        var source: String
        var arguments: [String]
        var printed: String

        var description: String { (["switchyard"] + arguments).joined(separator: " ") }
    }

    static let config = "config.json"
    static let behavior = "behavior.json"
    static let counts = "counts.csv"
    static let answers = "answers.txt"

    static let uses: [Use] = [
        Use(source: config, arguments: ["validate", "--config", "INPUT"], printed: "valid for onboarding"),
        Use(source: config, arguments: ["map", "--config", "INPUT"], printed: "\"maps\""),
        Use(source: config, arguments: ["assign", "--config", "INPUT", "--user", "u1"], printed: "experiment onboarding-order"),
        Use(
            source: config, arguments: ["simulate", "--users", "20", "--config", "INPUT", "--behavior", behavior, "--events", "simulated.jsonl", "--replace"],
            printed: "Simulated 20 users"
        ),
        Use(source: config, arguments: ["report", "events.jsonl", "--config", "INPUT"], printed: "onboarding-order"),
        Use(source: config, arguments: ["report", "events.jsonl", "--config", "INPUT", "--format", "html"], printed: "<svg"),
        Use(
            source: config, arguments: ["demo", "--app", "onboarding", "--config", "INPUT", "--behavior", behavior, "--users", "20", "--directory", "demo"],
            printed: "HTML report with charts"
        ),
        Use(source: behavior, arguments: ["validate", "--config", config, "--behavior", "INPUT"], printed: ": valid (3 attributes, 3 screens)"),
        Use(
            source: behavior, arguments: ["simulate", "--users", "20", "--config", config, "--behavior", "INPUT", "--events", "simulated.jsonl", "--replace"],
            printed: "Simulated 20 users"
        ),
        Use(
            source: behavior, arguments: ["demo", "--app", "onboarding", "--config", config, "--behavior", "INPUT", "--users", "20", "--directory", "demo"],
            printed: "HTML report with charts"
        ),
        Use(source: counts, arguments: ["report", "--counts", "INPUT", "--config", config], printed: "Switchyard report of"),
        Use(source: answers, arguments: ["run", "--variant", "phone", "--input", "INPUT"], printed: "Flow completed on home."),
    ]

    @Test("config, behaviour model, counts and answers, in every command that takes them", arguments: Kind.allCases)
    func readOnce(kind: Kind) throws {
        let cli = try CLI()
        try FileManager.default.copyItem(atPath: Repository.experiments, toPath: cli.path(Self.config))
        try FileManager.default.copyItem(atPath: Repository.behavior, toPath: cli.path(Self.behavior))
        try "experiment,variant,measure,step,name,reason,value,total\n".write(toFile: cli.path(Self.counts), atomically: true, encoding: .utf8)
        try Answers.beforeProfile.write(toFile: cli.path(Self.answers), atomically: true, encoding: .utf8)
        #expect(try cli.run(Repository.simulate(users: 200, events: "events.jsonl")).status == 0)
        for use in Self.uses {
            let result = try cli.runBash(kind.script(use.arguments, source: use.source))
            #expect(result.status == 0, "\(use) with \(kind): \(result.standardError)")
            #expect(result.standardOutput.contains(use.printed), "\(use) with \(kind): \(result.standardOutput.prefix(2_000))")
        }
    }
}
