/// The groups of states a user cannot leave except by abandoning: found as the strongly connected
/// components of the states from which no ended state is reachable, keeping those no turn leaves.
///
/// A state the exploration left unexpanded (at its limit) counts as one that may lead out, so a
/// partial map reports no trap it cannot be sure of.
package struct StateTraps {
    /// One group: a single state where nothing changes anything (a dead end), or several that lead
    /// only to each other (a cycle with no way out).
    package struct Trap: Sendable {
        /// The states, as indices into the map's states, the first found first.
        package var states: [Int]
        /// Whether the group is one state no turn leaves.
        package var isDeadEnd: Bool
    }

    /// The traps, by their first state.
    package private(set) var traps: [Trap] = []

    /// Finds the traps of `map`.
    package init(_ map: VariantMap) {
        let count = map.states.count
        guard count > 0 else { return }
        var successors = Array(repeating: [Int](), count: count)
        var predecessors = Array(repeating: [Int](), count: count)
        for transition in map.transitions {
            successors[transition.from].append(transition.to)
            predecessors[transition.to].append(transition.from)
        }
        // Backwards from every end, and every state that may lead somewhere unexplored.
        var canLeave = Array(repeating: false, count: count)
        var queue = map.states.indices.filter { map.states[$0].outcome != nil || !map.states[$0].expanded }
        for state in queue { canLeave[state] = true }
        while let state = queue.popLast() {
            for predecessor in predecessors[state] where !canLeave[predecessor] {
                canLeave[predecessor] = true
                queue.append(predecessor)
            }
        }
        let components = Self.stronglyConnectedComponents(count: count, successors: successors, including: { !canLeave[$0] })
        var componentOf = Array(repeating: -1, count: count)
        for (index, component) in components.enumerated() {
            for state in component { componentOf[state] = index }
        }
        for (index, component) in components.enumerated() {
            let leaves = component.contains { state in successors[state].contains { componentOf[$0] != index } }
            guard !leaves else { continue }
            let states = component.sorted()
            traps.append(Trap(states: states, isDeadEnd: states.count == 1))
        }
        traps.sort { $0.states[0] < $1.states[0] }
    }

    /// Tarjan's algorithm over the states `including` accepts, iteratively (a long flow needs no deep stack).
    private static func stronglyConnectedComponents(
        count: Int, successors: [[Int]], including: (Int) -> Bool
    ) -> [[Int]] {
        var index = Array(repeating: -1, count: count)
        var lowLink = Array(repeating: 0, count: count)
        var onStack = Array(repeating: false, count: count)
        var stack: [Int] = []
        var components: [[Int]] = []
        var nextIndex = 0
        for root in 0..<count where including(root) && index[root] < 0 {
            var work: [(state: Int, edge: Int)] = [(root, 0)]
            index[root] = nextIndex
            lowLink[root] = nextIndex
            nextIndex += 1
            stack.append(root)
            onStack[root] = true
            while let (state, edge) = work.last {
                if edge < successors[state].count {
                    work[work.count - 1].edge += 1
                    let next = successors[state][edge]
                    guard including(next) else { continue }
                    if index[next] < 0 {
                        index[next] = nextIndex
                        lowLink[next] = nextIndex
                        nextIndex += 1
                        stack.append(next)
                        onStack[next] = true
                        work.append((next, 0))
                    } else if onStack[next] {
                        lowLink[state] = min(lowLink[state], index[next])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { lowLink[parent.state] = min(lowLink[parent.state], lowLink[state]) }
                guard lowLink[state] == index[state] else { continue }
                var component: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == state { break }
                }
                components.append(component)
            }
        }
        return components
    }
}
