import FlowEvents

/// The configured steps one event matches, from some step on: all that decides which steps the events of one
/// millisecond complete.
///
/// Events of one millisecond are simultaneous, and one event completes at most one step. Step *i* of a
/// millisecond takes, among the unused events that match it, the one with the smallest signature: signatures
/// compare like binary numbers with bit *j* set for step *j*, so an event that also matches a later step is
/// kept for it. Events with equal signatures are interchangeable, so no line order changes the steps reached,
/// and the rule is the same in the generated SQL (`ORDER BY` offset, then the match flags of the last step
/// first). docs/Statistics.md states it.
struct StepSignature: Sendable, Hashable, Comparable {
    /// The indices of the matched steps, largest first.
    private let stepsDescending: [Int]

    /// The steps from `first` on that `event` matches.
    init(_ event: FlowEvent, steps: [FunnelStep], from first: Int) {
        var matched: [Int] = []
        for index in steps.indices.reversed() where index >= first && steps[index].matcher.matches(event) {
            matched.append(index)
        }
        stepsDescending = matched
    }

    init(stepsDescending: [Int]) {
        self.stepsDescending = stepsDescending
    }

    /// Whether the event matches none of the steps.
    var isEmpty: Bool { stepsDescending.isEmpty }

    /// Whether the event matches step `index`.
    func contains(_ index: Int) -> Bool { stepsDescending.contains(index) }

    static func < (lhs: StepSignature, rhs: StepSignature) -> Bool {
        lhs.stepsDescending.lexicographicallyPrecedes(rhs.stepsDescending)
    }

    /// How many steps from `first` on (of `count`) the events with `signatures` (sorted ascending) complete
    /// together: each step in turn takes the smallest unused signature that matches it.
    static func stepsReached(from first: Int, of count: Int, using signatures: [StepSignature]) -> Int {
        var used = Array(repeating: false, count: signatures.count)
        var reached = 0
        for step in first..<count {
            guard let index = signatures.indices.first(where: { !used[$0] && signatures[$0].contains(step) }) else { break }
            used[index] = true
            reached += 1
        }
        return reached
    }
}
