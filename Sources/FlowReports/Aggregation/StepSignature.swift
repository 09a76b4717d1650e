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
    /// Bit *j* set for each matched step *j* below 64: every event of an ordinary funnel fits here, so
    /// computing a signature allocates nothing.
    private var lowSteps: UInt64 = 0
    /// The indices of matched steps from 64 on, largest first: more significant than every bit of `lowSteps`.
    private var highStepsDescending: [Int] = []

    /// The signature of an event that matches no step.
    init() {}

    init(stepsDescending: [Int]) {
        for index in stepsDescending { insert(index) }
    }

    /// Adds step `index`; steps are added largest first (``FunnelMatcher/signature(of:from:)``).
    mutating func insert(_ index: Int) {
        if index < 64 {
            lowSteps |= 1 << UInt64(index)
        } else {
            highStepsDescending.append(index)
        }
    }

    /// Whether the event matches none of the steps.
    var isEmpty: Bool { lowSteps == 0 && highStepsDescending.isEmpty }

    /// Whether the event matches step `index`.
    func contains(_ index: Int) -> Bool {
        index < 64 ? lowSteps & (1 << UInt64(index)) != 0 : highStepsDescending.contains(index)
    }

    /// Signatures compare like the binary numbers with bit *j* set for step *j*.
    static func < (lhs: StepSignature, rhs: StepSignature) -> Bool {
        if lhs.highStepsDescending != rhs.highStepsDescending {
            return lhs.highStepsDescending.lexicographicallyPrecedes(rhs.highStepsDescending)
        }
        return lhs.lowSteps < rhs.lowSteps
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
