/// Where one user's screen path stands in an ``ObservedPathTrie``, updated one `screen_shown` event at a time
/// in the user's time order.
///
/// Screens shown in one millisecond are simultaneous: they are taken in ascending order of their names (UTF-8
/// bytes), so that no line order changes a path; a screen shown again right after itself counts once. The screens
/// of the latest millisecond are held here, not in the trie, until a later millisecond settles them: the trie only
/// ever holds prefixes of paths as they end up, whatever order a millisecond's lines come in.
struct UserPathCursor: Sendable {
    /// The path before the latest millisecond; ``ObservedPathTrie/overflow`` once the path is longer than the trie keeps.
    private(set) var settled: Int32 = ObservedPathTrie.root
    /// The latest millisecond, as an offset from the user's anchor; -1 before any screen.
    private var instant: Int64 = -1
    /// The smallest screen of the latest millisecond; -1 before any screen.
    private var instantFirst: Int32 = -1
    /// The latest millisecond's other screens, distinct and in ascending order of name: empty, without storage,
    /// for almost every millisecond. Beyond the cap only the last screen matters, and only it is kept.
    private var instantMore: [Int32] = []

    /// The last screen of the path; -1 before any.
    var lastScreen: Int32 {
        instantMore.last ?? instantFirst
    }

    /// Adds `screen`, shown at `offset`, to the path.
    mutating func show(_ screen: Int32, at offset: Int64, in trie: inout ObservedPathTrie) {
        if offset != instant {
            settle(in: &trie)
            instant = offset
            instantFirst = screen
            if !instantMore.isEmpty { instantMore = [] }
            return
        }
        if screen == instantFirst { return }
        if trie.precedes(screen, instantFirst) {
            instantMore.insert(instantFirst, at: 0)
            instantFirst = screen
        } else {
            let index = insertionIndex(of: screen, in: trie)
            if index < instantMore.count, instantMore[index] == screen { return }
            instantMore.insert(screen, at: index)
        }
        if settled == ObservedPathTrie.overflow {
            instantMore.removeFirst(instantMore.count - 1)
            instantFirst = instantMore.removeLast()
        } else if trie.length(of: settled) + instantMore.count > trie.lengthLimit {
            // Even if the first of these screens repeats the settled path's last, the path is too long.
            settled = ObservedPathTrie.overflow
        }
    }

    /// Where `screen` goes in ``instantMore``: the position of the first screen not before it by name.
    private func insertionIndex(of screen: Int32, in trie: ObservedPathTrie) -> Int {
        var low = 0
        var high = instantMore.count
        while low < high {
            let middle = (low + high) / 2
            if trie.precedes(instantMore[middle], screen) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Adds the latest millisecond's screens to the settled path, in the trie.
    private mutating func settle(in trie: inout ObservedPathTrie) {
        guard instantFirst >= 0, settled != ObservedPathTrie.overflow else { return }
        settled = trie.extend(settled, with: instantFirst)
        for screen in instantMore {
            settled = trie.extend(settled, with: screen)
        }
    }

    /// The whole path: the deepest path the trie holds on the way, then the screens past it (empty when the trie
    /// holds the whole path). ``ObservedPathTrie/overflow`` for a path beyond the cap. Reads the trie only, so that
    /// the paths of every user can be read at the end without settling any.
    func path(in trie: ObservedPathTrie) -> (node: Int32, rest: [Int32]) {
        guard settled != ObservedPathTrie.overflow, instantFirst >= 0 else { return (settled, []) }
        var node = settled
        var rest: [Int32] = []
        for index in -1..<instantMore.count {
            let screen = index < 0 ? instantFirst : instantMore[index]
            if rest.isEmpty, let known = trie.child(of: node, showing: screen) {
                node = known
            } else {
                rest.append(screen)
            }
        }
        guard trie.length(of: node) + rest.count <= trie.lengthLimit else { return (ObservedPathTrie.overflow, []) }
        return (node, rest)
    }
}
