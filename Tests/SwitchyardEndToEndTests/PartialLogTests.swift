import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every kind of partial input is reported as what it is: a gzip stream cut short, a log shrinking under `report`.
@Suite("Partial logs, end to end")
struct PartialLogTests {
    /// `count` canonical exposure-and-screen lines, two per user.
    static func logText(users count: Int) -> String {
        var text = ""
        for index in 0..<count {
            let time = String(format: "2026-11-22T09:%02d:%02d.%03dZ", index / 60_000 % 60, index / 1000 % 60, index % 1000)
            let variant = index.isMultiple(of: 2) ? "a" : "b"
            text += #"{"schema":1,"time":"\#(time)","session":"s\#(index)","user":"u\#(index)","experiment":"e","variant":"\#(variant)","type":"exposure","screen":null,"action":null,"properties":{}}"# + "\n"
            text += #"{"schema":1,"time":"\#(time)","session":"s\#(index)","user":"u\#(index)","experiment":null,"variant":null,"type":"screen_shown","screen":"welcome","action":null,"properties":{}}"# + "\n"
        }
        return text
    }

    /// Compresses `name` in the CLI's directory with the system's gzip, keeping the original.
    static func gzip(_ name: String, in cli: CLI) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -c \"$1\" > \"$1.gz\"", "sh", cli.path(name)]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("report on a gzip log cut in half fails, naming the byte where the stream ends and the events lost")
    func gzipCutInHalf() throws {
        let cli = try CLI()
        try Self.logText(users: 20_000).write(toFile: cli.path("events.jsonl"), atomically: true, encoding: .utf8)
        try Self.gzip("events.jsonl", in: cli)
        let compressed = try Data(contentsOf: URL(fileURLWithPath: cli.path("events.jsonl.gz")))
        try compressed.prefix(compressed.count / 2).write(to: URL(fileURLWithPath: cli.path("cut.jsonl.gz")))
        let result = try cli.run(["report", "cut.jsonl.gz"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains(
            "cut.jsonl.gz: the gzip stream is cut short: the file ends at byte \(compressed.count / 2) in the middle of the stream"
        ))
        #expect(result.standardError.contains("the events compressed after that are lost"))
        let whole = try cli.run(["report", "events.jsonl.gz"])
        #expect(whole.status == 0)
    }

    @Test("report on a file holding only a gzip header fails instead of reading an empty log")
    func gzipHeaderOnly() throws {
        let cli = try CLI()
        try Self.logText(users: 10).write(toFile: cli.path("events.jsonl"), atomically: true, encoding: .utf8)
        try Self.gzip("events.jsonl", in: cli)
        let compressed = try Data(contentsOf: URL(fileURLWithPath: cli.path("events.jsonl.gz")))
        try compressed.prefix(10).write(to: URL(fileURLWithPath: cli.path("header.jsonl.gz")))
        let result = try cli.run(["report", "header.jsonl.gz"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("header.jsonl.gz: the gzip stream is cut short: the file ends at byte 10"))
    }

    @Test("report on a log truncated while it is read ends with an error saying it shrank, never a signal")
    func logTruncatedWhileRead() throws {
        let cli = try CLI()
        let path = cli.path("t.jsonl")
        let text = Self.logText(users: 150_000)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        // The truncation lands at some point of the read; try a few delays so that at least one lands inside it.
        var shrankSeen = false
        for delay in [0.05, 0.15, 0.3, 0.6] where !shrankSeen {
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = ["report", path]
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            Thread.sleep(forTimeInterval: delay)
            #expect(truncate(path, 1000) == 0)
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "report was killed by signal \(process.terminationStatus)")
            if process.terminationStatus != 0 {
                #expect(message.contains("t.jsonl: the file shrank while being read"), "\(message)")
                #expect(message.contains("is 1000 bytes now"))
                shrankSeen = true
            }
        }
        #expect(shrankSeen, "no truncation landed during a read")
    }
}
