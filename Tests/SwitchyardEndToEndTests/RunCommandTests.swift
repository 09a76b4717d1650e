import Foundation
import Testing

@Suite("switchyard run", .serialized)
struct RunCommandTests {
    @Test("a piped walk through signup-after-profile completes and appends valid JSON Lines to events.jsonl")
    func signupAfterProfile() throws {
        let cli = try CLI()
        let result = try cli.run(["run", "--variant", "signup-after-profile"], input: Answers.afterProfile)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Flow completed on home. Events appended to events.jsonl."))
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        #expect(events.first?["type"] as? String == "session_started")
        #expect(events.last?["type"] as? String == "flow_completed")
        let screens = events.filter { $0["type"] as? String == "screen_shown" }.compactMap { $0["screen"] as? String }
        #expect(screens == ["welcome", "profile", "signup", "home"])
        #expect(events.allSatisfy { $0["schema"] as? Int == 1 })
    }

    @Test("every variant and every shell/auth combination completes", arguments: [
        (["--variant", "phone"], Answers.beforeProfile),
        (["--variant", "tablet"], Answers.beforeProfile),
        (["--variant", "signup-before-profile"], Answers.beforeProfile),
        (["--variant", "tablet", "--variant", "signup-after-profile"], Answers.afterProfile),
        (["--variant", "phone", "--variant", "signup-after-profile"], Answers.afterProfile),
        (["--variant", "tablet", "--variant", "signup-before-profile"], Answers.beforeProfile),
    ])
    func everyVariant(variants: [String], answers: String) throws {
        let cli = try CLI()
        let result = try cli.run(["run", "--user", "u-7", "--events", "out.jsonl"] + variants, input: answers)
        #expect(result.status == 0, "\(result.standardError)")
        let events = try #require(jsonLines(cli.contents(of: "out.jsonl") ?? ""))
        #expect(events.last?["type"] as? String == "flow_completed")
        #expect(events.allSatisfy { $0["user"] as? String == "u-7" })
        let chosen = Set(events.compactMap { $0["type"] as? String == "assignment" ? $0["variant"] as? String : nil })
        #expect(chosen.isSuperset(of: Set(variants.filter { !$0.hasPrefix("--") })))
    }

    @Test("--input reads the answers from a file")
    func inputFile() throws {
        let cli = try CLI()
        try Answers.beforeProfile.write(toFile: cli.path("answers.txt"), atomically: true, encoding: .utf8)
        let result = try cli.run(["run", "--variant", "phone", "--input", "answers.txt"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Flow completed on home."))
    }

    @Test("quitting mid-flow logs an abandonment and exits cleanly")
    func quitting() throws {
        let cli = try CLI()
        let result = try cli.run(["run", "--variant", "phone"], input: "1\nq\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Flow abandoned on signup."))
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        #expect(events.last?["type"] as? String == "flow_abandoned")
        #expect(events.last?["screen"] as? String == "signup")
    }

    @Test("Ctrl-C while the walk waits for an answer logs the abandonment and exits with 130")
    func interrupted() throws {
        let cli = try CLI()
        let walk = try cli.startWalkWaitingOnSignup()
        let (process, input, output) = (walk.process, walk.input, walk.output)
        var printed = walk.printed
        process.interrupt()
        printed.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(String(decoding: printed, as: UTF8.self).contains("Interrupted: the walk was logged as abandoned in events.jsonl."))
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        #expect(events.last?["type"] as? String == "flow_abandoned")
        #expect(events.last?["screen"] as? String == "signup")
        try input.fileHandleForWriting.close()
    }

    @Test("an unknown variant is one clear error line, a non-zero exit, and the log untouched")
    func unknownVariant() throws {
        let cli = try CLI()
        try "previous line\n".write(toFile: cli.path("events.jsonl"), atomically: true, encoding: .utf8)
        let result = try cli.run(["run", "--app", "onboarding", "--variant", "watch"], input: Answers.beforeProfile)
        #expect(result.status != 0)
        #expect(result.standardError == """
            Error: unknown variant "watch" in --variant for app onboarding; expected one of: phone, tablet, signup-after-profile, signup-before-profile

            """)
        #expect(cli.contents(of: "events.jsonl") == "previous line\n")
    }

    @Test("two variants for one slot are refused")
    func twoVariantsOneSlot() throws {
        let result = try CLI().run(["run", "--variant", "phone", "--variant", "tablet"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--variant phone and --variant tablet both fill slot \"app-shell\""))
    }

    @Test("an events path that cannot be written is one clear error line and a non-zero exit")
    func unwritableEvents() throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.path("folder"), withIntermediateDirectories: true)
        let result = try cli.run(["run", "--variant", "phone", "--events", "folder"], input: Answers.beforeProfile)
        #expect(result.status != 0)
        #expect(result.standardError == "Error: cannot log events: folder: cannot open for appending: Is a directory\n")
    }

    @Test("malformed scripted input stops with its line number; the events written so far stay intact")
    func malformedInput() throws {
        let cli = try CLI()
        try "previous line\n".write(toFile: cli.path("events.jsonl"), atomically: true, encoding: .utf8)
        let result = try cli.run(["run", "--variant", "phone"], input: "1\nfly\n")
        #expect(result.status != 0)
        #expect(result.standardError == """
            Error: standard input: input line 2: unknown choice "fly" on signup; expected one of: 1, b, q; \
            the walk was logged as abandoned in events.jsonl

            """)
        let text = try #require(cli.contents(of: "events.jsonl"))
        #expect(text.hasPrefix("previous line\n"))
        let events = try #require(jsonLines(String(text.dropFirst("previous line\n".count))))
        #expect(events.last?["type"] as? String == "flow_abandoned")
    }

    @Test("a missing --input file is one clear error line")
    func missingInputFile() throws {
        let result = try CLI().run(["run", "--variant", "phone", "--input", "nope.txt"])
        #expect(result.status != 0)
        #expect(result.standardError == "Error: --input nope.txt: no such file\n")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }
}

@Suite("switchyard variants")
struct VariantsCommandTests {
    @Test("lists every registered app's variants with the slot each fills, defaults marked")
    func listsVariants() throws {
        let result = try CLI().run(["variants"])
        #expect(result.status == 0)
        let rows = result.standardOutput.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(4).joined(separator: " ") }
        #expect(rows.first == "APP SLOT VARIANT SUMMARY")
        let onboarding = rows.filter { $0.hasPrefix("onboarding ") }.map { $0.split(separator: " ").prefix(4).joined(separator: " ") }
        #expect(onboarding == [
            "onboarding app-shell phone (default)", "onboarding app-shell tablet Welcome",
            "onboarding auth-flow signup-after-profile Profile", "onboarding auth-flow signup-before-profile (default)",
        ])
    }
}
