/// The screen paths of one experiment's users, shared as a trie: a path is a node, and a user's path is
/// one node id however long it is. Node 0 is the empty path.
///
/// Bounded per path, not per trie: a path of more than ``lengthLimit`` screens is ``overflow``, and its user is
/// counted exactly, as a user whose path is beyond the cap, without it. Whether a path is kept therefore depends on
/// that path alone, never on which other paths came first, so no line order changes it; the trie holds at most
/// ``lengthLimit`` nodes for each user's path (a user counted again from the start adds a second), and far fewer
/// where users share their paths.
///
/// Every `screen_shown` event of a user in a window comes here, so both lookups avoid hashing: an app
/// has a handful of screens, found by comparing names, and a node a handful of children, kept as a list.
struct ObservedPathTrie: Sendable {
    /// The most screens a kept path has, unless told otherwise.
    static let maximumLength = 128
    /// The node of a path beyond the cap.
    static let overflow: Int32 = -1
    /// The empty path.
    static let root: Int32 = 0

    /// The most screens a kept path has.
    let lengthLimit: Int
    /// Screen names by id.
    private(set) var screens: [String] = []
    /// Ids by name, once there are too many screens to compare names one by one.
    private var screenIDs: [String: Int32] = [:]
    /// Each node's parent, last screen, first child and next sibling (-1 for none); the root's screen is -1.
    private var parents: [Int32] = [-1]
    private var lastScreens: [Int32] = [-1]
    private var firstChildren: [Int32] = [-1]
    private var nextSiblings: [Int32] = [-1]
    /// Each node's number of screens.
    private var lengths: [Int32] = [0]

    /// How many screens are found by comparing names before a dictionary takes over.
    private static let linearScreens = 32

    /// An empty trie keeping paths of at most `lengthLimit` screens.
    init(lengthLimit: Int = ObservedPathTrie.maximumLength) {
        self.lengthLimit = min(max(1, lengthLimit), Int(Int32.max))
    }

    /// The id of `screen`, numbered on first sight.
    mutating func id(of screen: String) -> Int32 {
        if screens.count <= Self.linearScreens {
            for index in screens.indices where screens[index] == screen { return Int32(index) }
        } else if let known = screenIDs[screen] {
            return known
        }
        let id = Int32(screens.count)
        screens.append(screen)
        if screens.count > Self.linearScreens {
            if screenIDs.isEmpty {
                for (index, name) in screens.enumerated() { screenIDs[name] = Int32(index) }
            } else {
                screenIDs[screen] = id
            }
        }
        return id
    }

    /// The path `node` followed by `screen`, if the trie holds it: `node` itself when `screen` is its last (a screen
    /// shown again right after itself counts once), ``overflow`` when `node` is; nil when the trie holds no such path.
    func child(of node: Int32, showing screen: Int32) -> Int32? {
        guard node != Self.overflow else { return Self.overflow }
        let parent = Int(node)
        if lastScreens[parent] == screen { return node }
        var child = firstChildren[parent]
        while child >= 0 {
            if lastScreens[Int(child)] == screen { return child }
            child = nextSiblings[Int(child)]
        }
        return nil
    }

    /// The path `node` followed by `screen`, added when new; `node` itself when `screen` is its last; ``overflow``
    /// when that path has more than ``lengthLimit`` screens.
    mutating func extend(_ node: Int32, with screen: Int32) -> Int32 {
        if let known = child(of: node, showing: screen) { return known }
        let parent = Int(node)
        guard Int(lengths[parent]) < lengthLimit else { return Self.overflow }
        let made = Int32(parents.count)
        parents.append(node)
        lastScreens.append(screen)
        firstChildren.append(-1)
        nextSiblings.append(firstChildren[parent])
        lengths.append(lengths[parent] + 1)
        firstChildren[parent] = made
        return made
    }

    /// The number of screens of the path `node`, which must not be ``overflow``.
    func length(of node: Int32) -> Int {
        Int(lengths[Int(node)])
    }

    /// The last screen of the path `node`, which must not be ``overflow``; -1 for the empty path.
    func lastScreen(of node: Int32) -> Int32 {
        lastScreens[Int(node)]
    }

    /// Whether screen `lhs` comes before screen `rhs` by name, in UTF-8 byte order.
    func precedes(_ lhs: Int32, _ rhs: Int32) -> Bool {
        screens[Int(lhs)].utf8.lexicographicallyPrecedes(screens[Int(rhs)].utf8)
    }

    /// The screens of the path `node`, first to last.
    func path(of node: Int32) -> [String] {
        var screens: [String] = []
        var current = node
        while current > 0 {
            screens.append(self.screens[Int(lastScreens[Int(current)])])
            current = parents[Int(current)]
        }
        return screens.reversed()
    }

    /// How many nodes are kept.
    var nodeCount: Int { parents.count }
}
