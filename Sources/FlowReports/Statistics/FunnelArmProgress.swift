/// How far the users of one arm got through a funnel of K steps and whether they converted: the multinomial cells a
/// ``StepDecomposition`` is computed from.
///
/// `notConverted[j]` and `converted[j]` (j = 0…K) count the users whose furthest step is j (0: exposed, but no step
/// reached), split by whether they converted. When the goal is nested in the last step (a user converts only after
/// reaching it) only `converted[K]` is nonzero; a goal users reach without the last step puts users in the
/// `converted` cells of earlier steps.
///
/// Counts are stored as given; ``problem`` says why they cannot be decomposed (negative, not nested, too many), and
/// every derived count is read from valid cells only.
public struct FunnelArmProgress: Sendable, Hashable {
    /// Users whose furthest step is j and who did not convert, for j = 0…K.
    public let notConverted: [Int]
    /// Users whose furthest step is j and who converted, for j = 0…K.
    public let converted: [Int]
    /// Why these counts cannot be decomposed; nil when they can.
    public let problem: FunnelProgressProblem?

    /// The cells of users by furthest step reached (0…K) and whether they converted.
    public init(notConverted: [Int], converted: [Int]) {
        self.notConverted = notConverted
        self.converted = converted
        problem = Self.problem(notConverted: notConverted, converted: converted)
    }

    /// The cells of a nested funnel: `users` exposed, `stepUsers[k − 1]` reached step k (each of them every step
    /// before), and `conversions` of the users who reached the last step converted (all of them users when there are
    /// no steps).
    ///
    /// Counts that are not nested leave a ``problem``: a step with more users than the one before
    /// (``FunnelProgressProblem/notNested(step:users:previousUsers:)``), more conversions than users at the last step
    /// (``FunnelProgressProblem/conversionsExceedLastStep(conversions:lastStepUsers:)``: a goal that users reach without
    /// the last step needs ``init(notConverted:converted:)``).
    public init(users: Int, stepUsers: [Int], conversions: Int) {
        let chain = [users] + stepUsers + [conversions]
        var notConverted: [Int] = []
        for step in stepUsers.indices.map({ $0 + 1 }) + [stepUsers.count + 1] {
            let (stopped, overflow) = chain[step - 1].subtractingReportingOverflow(chain[step])
            notConverted.append(overflow ? 0 : stopped)
        }
        let converted = [Int](repeating: 0, count: stepUsers.count) + [conversions]
        self.notConverted = notConverted
        self.converted = converted
        if chain.contains(where: { $0 < 0 }) {
            problem = .negativeCount
        } else if let step = chain.indices.dropFirst().first(where: { chain[$0] > chain[$0 - 1] }) {
            problem = step == chain.count - 1
                ? .conversionsExceedLastStep(conversions: conversions, lastStepUsers: chain[step - 1])
                : .notNested(step: step, users: chain[step], previousUsers: chain[step - 1])
        } else {
            problem = Self.problem(notConverted: notConverted, converted: converted)
        }
    }

    /// K, the funnel's steps (the goal not counted); 0 for invalid cells.
    public var stepCount: Int {
        problem == nil ? notConverted.count - 1 : 0
    }

    /// The exposed users: every cell.
    public var users: Int {
        reached(step: 0)
    }

    /// The users who reached step `step` (0 is exposure): the cells of furthest step `step` or later.
    public func reached(step: Int) -> Int {
        guard problem == nil, step >= 0 else { return 0 }
        var total = 0
        for index in step..<notConverted.count { total += notConverted[index] + converted[index] }
        return total
    }

    /// The users who converted, whatever step they reached.
    public var conversions: Int {
        problem == nil ? converted.reduce(0, +) : 0
    }

    /// The counts behind each term: for step k (1…K) the users who reached step k − 1 and step k, for the goal (the
    /// K + 1st term) the users who reached step K and every user who converted. Empty for invalid cells.
    public var termPassages: [StepArmPassage] {
        guard problem == nil else { return [] }
        var reached = [Int](repeating: 0, count: notConverted.count + 1)
        for step in notConverted.indices.reversed() {
            reached[step] = reached[step + 1] + notConverted[step] + converted[step]
        }
        let steps = notConverted.count - 1
        return (1...steps + 1).map { term in
            term <= steps
                ? StepArmPassage(reached: reached[term - 1], passed: reached[term])
                : StepArmPassage(reached: reached[steps], passed: conversions)
        }
    }

    /// Whether every user who converted reached the last step.
    public var isGoalNested: Bool {
        problem == nil && converted.dropLast().allSatisfy { $0 == 0 }
    }

    private static func problem(notConverted: [Int], converted: [Int]) -> FunnelProgressProblem? {
        guard !notConverted.isEmpty else { return .noCells }
        guard notConverted.count == converted.count else {
            return .cellColumnsDiffer(notConverted: notConverted.count, converted: converted.count)
        }
        guard !(notConverted + converted).contains(where: { $0 < 0 }) else { return .negativeCount }
        var total = 0
        for count in notConverted + converted {
            let (sum, overflow) = total.addingReportingOverflow(count)
            if overflow { return .tooManyUsers }
            total = sum
        }
        return nil
    }
}
