/// Where one user's screen path stands in an ``ObservedPathTrie``, updated one `screen_shown` event at a time
/// in the user's time order.
///
/// Screens shown in one millisecond are simultaneous: they are taken in ascending order of their names (UTF-8
/// bytes), so that no line order changes a path; a screen shown again right after itself counts once.
struct UserPathCursor: Sendable {
    /// The path, with the screens of the latest millisecond.
    private(set) var node: Int32 = ObservedPathTrie.root
    /// The last screen of the path; -1 before any.
    private(set) var lastScreen: Int32 = -1
    /// The path before the latest millisecond.
    private var base: Int32 = ObservedPathTrie.root
    /// The latest millisecond, as an offset from the user's anchor.
    private var instant: Int64 = -1
    /// The first screen of the latest millisecond.
    private var instantFirst: Int32 = -1
    /// The others, in the order they arrived: empty, without storage, for almost every millisecond.
    private var instantMore: [Int32] = []

    /// Adds `screen`, shown at `offset`, to the path.
    mutating func show(_ screen: Int32, at offset: Int64, in trie: inout ObservedPathTrie) {
        if offset != instant {
            instant = offset
            base = node
            instantFirst = screen
            if !instantMore.isEmpty { instantMore = [] }
            node = trie.extend(base, with: screen)
            lastScreen = screen
            return
        }
        instantMore.append(screen)
        let ordered = ([instantFirst] + instantMore).sorted { trie.precedes($0, $1) }
        node = base
        for shown in ordered {
            node = trie.extend(node, with: shown)
        }
        lastScreen = ordered[ordered.count - 1]
    }
}
