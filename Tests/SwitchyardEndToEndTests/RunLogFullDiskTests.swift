import Foundation
import Testing

/// `run` appends to a log that may already hold other walks: a full disk must cost only the walk that hit it.
@Suite("run on a full disk")
struct RunLogFullDiskTests {
    @Test("a disk filling mid-walk is one error line and exit 1; earlier events stay, and the next walk's are read whole")
    func diskFillsMidWalk() throws {
        let cli = try CLI()
        let walk = ["run", "--variant", "signup-before-profile", "--input", "answers.txt", "--events", "events.jsonl"]
        try Answers.beforeProfile.write(toFile: cli.path("answers.txt"), atomically: true, encoding: .utf8)
        #expect(try cli.run(walk + ["--user", "first"]).status == 0)
        let earlier = try #require(cli.contents(of: "events.jsonl"))

        // Room for the first walk and a little of the second: the disk fills mid-walk.
        let limit = (earlier.utf8.count / 512) + 2
        let cut = try cli.run(walk + ["--user", "cut"], shellSetup: CLI.fileSizeLimit(blocks: limit))
        #expect(cut.status == 1)
        #expect(cut.standardError == "Error: cannot write events to events.jsonl: write failed: File too large\n")
        let afterCut = try #require(cli.contents(of: "events.jsonl"))
        #expect(afterCut.hasPrefix(earlier))
        #expect(!afterCut.hasSuffix("\n"), "the failed write left a partial line, as a full disk can")

        #expect(try cli.run(walk + ["--user", "next"]).status == 0)
        let lines = try #require(cli.contents(of: "events.jsonl")).split(separator: "\n")
        let next = lines.filter { $0.contains(#""user":"next""#) }
        #expect(next.count == earlier.split(separator: "\n").count, "the same walk logs as many events")
        #expect(jsonLines(next.joined(separator: "\n")) != nil, "every line of the next walk is whole, none glued to the cut one")
    }
}
