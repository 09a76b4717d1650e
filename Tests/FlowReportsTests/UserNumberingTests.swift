@testable import FlowReports
import Testing

@Suite("Users are numbered in the order they first appear")
struct UserNumberingTests {
    @Test("each id keeps its number, through the table's growth, and new ids get the next one")
    func numbersAreStable() {
        var numbering = UserNumbering()
        let ids = (0..<50_000).map { "user-\($0)" }
        for (expected, id) in ids.enumerated() {
            #expect(numbering.number(of: id, hash: id.hashValue) == expected)
        }
        for (expected, id) in ids.enumerated().reversed() where expected % 97 == 0 {
            #expect(numbering.number(of: id, hash: id.hashValue) == expected)
            #expect(numbering.existingNumber(of: id, hash: id.hashValue) == expected)
        }
        #expect(numbering.count == ids.count)
        #expect(numbering.existingNumber(of: "someone else", hash: "someone else".hashValue) == nil)
    }

    @Test("ids whose hashes collide, even in full, are told apart by comparing the ids")
    func collidingHashes() {
        var numbering = UserNumbering()
        let ids = ["a", "b", "c", "a longer id than fits in a small string", ""]
        for (expected, id) in ids.enumerated() {
            #expect(numbering.number(of: id, hash: 42) == expected)
        }
        for (expected, id) in ids.enumerated() {
            #expect(numbering.number(of: id, hash: 42) == expected)
        }
        #expect(numbering.existingNumber(of: "d", hash: 42) == nil)
    }
}
