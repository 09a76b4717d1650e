import Foundation
import Testing

/// Small things a user notices on the command line: help text, figures, required options, odd values.
@Suite("Command line details, end to end")
struct CommandLineDetailTests {
    @Test("--jobs help states its default once, as the number of cores, not this machine's count", arguments: ["demo", "simulate"])
    func jobsDefaultStatedOnce(command: String) throws {
        let help = try CLI().run([command, "--help"]).standardOutput
        let jobsHelp = help.components(separatedBy: "--jobs <jobs>").last ?? ""
        let text = jobsHelp.components(separatedBy: "\n  --").first?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text == "How many batches of users to simulate at once (default: the number of cores).")
    }

    @Test("simulate reports the jobs that ran at once, not more jobs than batches of users")
    func jobsFigureIsTheJobsUsed() throws {
        let cli = try CLI()
        let result = try cli.run(Repository.simulate(users: 1000, events: "events.jsonl", ["--jobs", "100000"]))
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Simulated 1,000 users in "))
        #expect(result.standardOutput.contains(" s with 4 jobs: "))
    }

    @Test("assign requires --user in its usage, and takes an id that starts with a dash")
    func assignUser() throws {
        let cli = try CLI()
        let help = try cli.run(["assign", "--help"]).standardOutput
        #expect(help.contains("USAGE: switchyard assign [--app <name>] --user <id> "))
        let missing = try cli.run(["assign", "--config", Repository.experiments])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("Missing expected argument '--user <id>'"))
        let dashed = try cli.run(["assign", "--user", "-5", "--config", Repository.experiments])
        #expect(dashed.status == 0)
        #expect(dashed.standardOutput.hasPrefix("user -5 of onboarding\n"))
        let runDashed = try cli.run(["run", "--user", "-5", "--variant", "phone"], input: Answers.beforeProfile)
        #expect(runDashed.status == 0)
        #expect(jsonLines(cli.contents(of: "events.jsonl") ?? "")?.first?["user"] as? String == "-5")
    }

    @Test("assign without --config where no config exists is an error, as validate's is, not an empty config")
    func assignWithoutConfig() throws {
        let cli = try CLI()
        let result = try cli.run(["assign", "--app", "onboarding", "--user", "u1"])
        #expect(result.status == 1)
        // The working directory is a fresh temporary folder; the messages name it as the system resolves it.
        let folder = URL(fileURLWithPath: cli.directory.path).resolvingSymlinksInPath().path
        #expect(result.standardError == """
            Error: no experiment config: Configuration/onboarding/experiments.json does not exist (no Configuration folder in \(folder) \
            or a folder above it, and SWITCHYARD_CONFIGURATION is not set); run inside the package holding Configuration/, set \
            SWITCHYARD_CONFIGURATION to the folder holding <app>/experiments.json and <app>/behavior.json, or pass --config

            """, "\(result.standardError)")
    }

    @Test("the files the README's examples write in the repository root are ignored by git")
    func readmeOutputsIgnored() throws {
        let ignored = try String(contentsOf: Repository.root.appendingPathComponent(".gitignore"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        // Every bare file name a README command line reads or writes in the current directory.
        let pattern = try NSRegularExpression(pattern: #"(?<=[ =])([A-Za-z0-9_-]+\.(?:jsonl(?:\.gz)?|html|csv|md|json))(?=[ \n`])"#)
        var names: Set<String> = []
        for line in readme.split(separator: "\n") where line.hasPrefix("swift run") || line.hasPrefix(".build/") {
            let text = String(line)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range, in: text) { names.insert(String(text[range])) }
            }
        }
        #expect(!names.isEmpty)
        for name in names.sorted() where name != "README.md" {
            #expect(ignored.contains("/" + name), "\(name) is written by a README example but not in .gitignore")
        }
    }
}
