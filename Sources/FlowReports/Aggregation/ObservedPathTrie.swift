/// The screen paths of one experiment's users, shared as a trie: a path is a node, and a user's path is
/// one node id however long it is. Node 0 is the empty path.
///
/// Bounded: at most ``nodeLimit`` nodes (distinct path prefixes) are kept. A path that would need one
/// more is ``overflow``: its users are counted exactly, as users whose path is beyond the cap, without it.
///
/// Every `screen_shown` event of a user in a window comes here, so both lookups avoid hashing: an app
/// has a handful of screens, found by comparing names, and a node a handful of children, kept as a list.
struct ObservedPathTrie: Sendable {
    /// The most distinct path prefixes kept per experiment, unless told otherwise.
    static let maximumNodes = 1 << 18
    /// The node of a path beyond the cap.
    static let overflow: Int32 = -1
    /// The empty path.
    static let root: Int32 = 0

    /// The most distinct path prefixes this trie keeps.
    let nodeLimit: Int
    /// Screen names by id.
    private(set) var screens: [String] = []
    /// Ids by name, once there are too many screens to compare names one by one.
    private var screenIDs: [String: Int32] = [:]
    /// Each node's parent, last screen, first child and next sibling (-1 for none); the root's screen is -1.
    private var parents: [Int32] = [-1]
    private var lastScreens: [Int32] = [-1]
    private var firstChildren: [Int32] = [-1]
    private var nextSiblings: [Int32] = [-1]

    /// How many screens are found by comparing names before a dictionary takes over.
    private static let linearScreens = 32

    /// An empty trie keeping at most `nodeLimit` nodes.
    init(nodeLimit: Int = ObservedPathTrie.maximumNodes) {
        self.nodeLimit = max(1, nodeLimit)
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

    /// The path `node` followed by `screen`; `node` itself when `screen` is its last (a screen shown again
    /// right after itself counts once); ``overflow`` beyond the cap.
    mutating func extend(_ node: Int32, with screen: Int32) -> Int32 {
        guard node != Self.overflow else { return Self.overflow }
        let parent = Int(node)
        if lastScreens[parent] == screen { return node }
        var child = firstChildren[parent]
        while child >= 0 {
            if lastScreens[Int(child)] == screen { return child }
            child = nextSiblings[Int(child)]
        }
        guard parents.count < nodeLimit else { return Self.overflow }
        let made = Int32(parents.count)
        parents.append(node)
        lastScreens.append(screen)
        firstChildren.append(-1)
        nextSiblings.append(firstChildren[parent])
        firstChildren[parent] = made
        return made
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
