import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals that end a process early leave the log whole and nothing half-written behind.
@Suite("Signals during run and simulate, end to end")
struct SignalTests {
    @Test("SIGTERM or SIGHUP while the walk waits for an answer logs the abandonment and exits with 128 + the signal",
          arguments: [SIGTERM, SIGHUP])
    func runEndedBySignal(signal: Int32) throws {
        let cli = try CLI()
        let walk = try cli.startWalkWaitingOnSignup()
        let (process, input, output) = (walk.process, walk.input, walk.output)
        var printed = walk.printed
        kill(process.processIdentifier, signal)
        printed.append(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(String(decoding: printed, as: UTF8.self).contains(": the walk was logged as abandoned in events.jsonl."))
        let events = try #require(jsonLines(cli.contents(of: "events.jsonl") ?? ""))
        #expect(events.last?["type"] as? String == "flow_abandoned")
        #expect(events.last?["screen"] as? String == "signup")
        try input.fileHandleForWriting.close()
    }

    @Test("SIGINT, SIGTERM or SIGHUP during simulate removes the log being written aside and leaves no log",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func simulateEndedBySignal(signal: Int32) throws {
        let cli = try CLI()
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = Repository.simulate(users: 5_000_000, events: "big.jsonl")
        process.currentDirectoryURL = cli.directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var size = 0
        for _ in 0..<400 where size < 1_000_000 {
            Thread.sleep(forTimeInterval: 0.05)
            size = (try? FileManager.default.attributesOfItem(atPath: cli.path("big.jsonl.partial"))[.size] as? Int) ?? 0
        }
        #expect(size >= 1_000_000, "the simulation did not start writing")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(!FileManager.default.fileExists(atPath: cli.path("big.jsonl.partial")))
        #expect(!FileManager.default.fileExists(atPath: cli.path("big.jsonl")))
    }

    @Test("a log left aside by a simulation that was killed outright is replaced, with a note saying so")
    func staleLogAside() throws {
        let cli = try CLI()
        try "half a session".write(toFile: cli.path("events.jsonl.partial"), atomically: true, encoding: .utf8)
        let result = try cli.run(Repository.simulate(users: 10, events: "events.jsonl"))
        #expect(result.status == 0)
        #expect(result.standardError.contains("note: removing events.jsonl.partial, left by an earlier simulation that did not finish"))
        #expect(!FileManager.default.fileExists(atPath: cli.path("events.jsonl.partial")))
        #expect(jsonLines(cli.contents(of: "events.jsonl") ?? "")?.isEmpty == false)
    }
}
