@testable import FlowReports
import Testing

/// The trie of observed paths holds what users' paths end up as, and no more: a millisecond's line order leaves
/// nothing behind in it, and a path longer than the cap costs no more than the cap.
@Suite("Observed path trie: memory follows the paths users end up with, bounded per path")
struct ObservedPathTrieTests {
    /// Walks one user through `milliseconds`, each a list of screens shown in that millisecond, in the order given.
    static func walk(_ milliseconds: [[String]], in trie: inout ObservedPathTrie) -> UserPathCursor {
        var cursor = UserPathCursor()
        for (offset, screens) in milliseconds.enumerated() {
            for screen in screens {
                cursor.show(trie.id(of: screen), at: Int64(offset), in: &trie)
            }
        }
        return cursor
    }

    static func screens(of cursor: UserPathCursor, in trie: ObservedPathTrie) -> [String]? {
        let path = cursor.path(in: trie)
        guard path.node != ObservedPathTrie.overflow else { return nil }
        return trie.path(of: path.node) + path.rest.map { trie.screens[Int($0)] }
    }

    @Test("a millisecond's screens in any line order give one path and the same nodes, one per prefix of the path",
          arguments: [["c", "b", "a"], ["a", "b", "c"], ["b", "c", "a", "b"]])
    func millisecondOrder(order: [String]) {
        var trie = ObservedPathTrie()
        let cursor = Self.walk([["start"], order, ["a"], ["end"]], in: &trie)
        #expect(Self.screens(of: cursor, in: trie) == ["start", "a", "b", "c", "a", "end"])
        // The root and the five settled prefixes; `end`, the last millisecond, is not settled into the trie.
        #expect(trie.nodeCount == 6)
    }

    @Test("two users on one path share its nodes, however each one's milliseconds were split")
    func shared() {
        var trie = ObservedPathTrie()
        let first = Self.walk([["a", "b"], ["c"]], in: &trie)
        let second = Self.walk([["a"], ["b"], ["c"]], in: &trie)
        #expect(Self.screens(of: first, in: trie) == ["a", "b", "c"])
        #expect(first.path(in: trie).node == second.path(in: trie).node && first.path(in: trie).rest == second.path(in: trie).rest)
        #expect(trie.nodeCount == 3)
    }

    @Test("a path longer than the cap is beyond it, costs at most the cap's nodes, and still knows its last screen")
    func longPath() {
        var trie = ObservedPathTrie(lengthLimit: 3)
        let many = (0..<5_000).map { "screen \($0)" }
        let cursor = Self.walk([["a"], many, ["b"], ["c"]], in: &trie)
        #expect(cursor.path(in: trie).node == ObservedPathTrie.overflow)
        #expect(trie.nodeCount <= 1 + 3)
        #expect(trie.screens[Int(cursor.lastScreen)] == "c")
        var settled = ObservedPathTrie(lengthLimit: 3)
        let oneMillisecond = Self.walk([["a"], ["d", "b", "c"]], in: &settled)
        #expect(oneMillisecond.path(in: settled).node == ObservedPathTrie.overflow, "four screens, the last three simultaneous")
        #expect(settled.screens[Int(oneMillisecond.lastScreen)] == "d", "the last by name")
    }

    @Test("a path of exactly the cap's screens is kept, a screen shown again right after itself adding none")
    func exactlyTheCap() {
        var trie = ObservedPathTrie(lengthLimit: 3)
        let cursor = Self.walk([["a"], ["a", "b"], ["b"], ["c"], ["c"]], in: &trie)
        #expect(Self.screens(of: cursor, in: trie) == ["a", "b", "c"])
    }
}
