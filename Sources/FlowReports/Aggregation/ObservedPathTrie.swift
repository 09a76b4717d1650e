/// The screen paths of one experiment's users, shared as a trie: a path is a node, and a user's path is
/// one node id however long it is. Node 0 is the empty path.
///
/// Bounded: at most ``nodeLimit`` nodes (distinct path prefixes) are kept. A path that would need one
/// more is ``overflow``: its users are counted exactly, as users whose path is beyond the cap, without it.
struct ObservedPathTrie: Sendable {
    /// The most distinct path prefixes kept per experiment, unless told otherwise.
    static let maximumNodes = 1 << 18
    /// The most distinct path prefixes this trie keeps.
    let nodeLimit: Int
    /// The node of a path beyond the cap.
    static let overflow: Int32 = -1
    /// The empty path.
    static let root: Int32 = 0

    /// Screen names by id, and ids by name.
    private(set) var screens: [String] = []
    private var screenIDs: [String: Int32] = [:]
    /// Each node's parent and last screen; the root's are -1.
    private var parents: [Int32] = [-1]
    private var lastScreens: [Int32] = [-1]
    /// Children by parent and screen.
    private var children: [UInt64: Int32] = [:]

    /// An empty trie keeping at most `nodeLimit` nodes.
    init(nodeLimit: Int = ObservedPathTrie.maximumNodes) {
        self.nodeLimit = max(1, nodeLimit)
    }

    /// The id of `screen`, numbered on first sight.
    mutating func id(of screen: String) -> Int32 {
        if let known = screenIDs[screen] { return known }
        let id = Int32(screens.count)
        screens.append(screen)
        screenIDs[screen] = id
        return id
    }

    /// The path `node` followed by `screen`; `node` itself when `screen` is its last (a screen shown again
    /// right after itself counts once); ``overflow`` beyond the cap.
    mutating func extend(_ node: Int32, with screen: Int32) -> Int32 {
        guard node != Self.overflow else { return Self.overflow }
        if lastScreens[Int(node)] == screen { return node }
        let key = UInt64(UInt32(bitPattern: node)) << 32 | UInt64(UInt32(bitPattern: screen))
        if let child = children[key] { return child }
        guard parents.count < nodeLimit else { return Self.overflow }
        let child = Int32(parents.count)
        parents.append(node)
        lastScreens.append(screen)
        children[key] = child
        return child
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
