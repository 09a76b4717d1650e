/// The tracked experiments one user was exposed to, in order of first exposure, with the user's position in each.
///
/// Nearly every user is exposed to one experiment, so the first is held inline: counting an event of such a user
/// touches no array of its own, and a log's hundreds of thousands of users allocate none.
struct UserExposures: Sendable {
    private var first: UserExposure?
    private var others: [UserExposure] = []

    /// How many experiments the user was exposed to.
    var count: Int {
        first == nil ? 0 : 1 + others.count
    }

    /// The exposure at `index` (`0..<count`).
    subscript(index: Int) -> UserExposure {
        // `first` is set whenever `count` is positive.
        index == 0 ? first! : others[index - 1]
    }

    /// The user's exposure to the experiment at `experiment`, if any.
    func exposure(toExperiment experiment: Int) -> UserExposure? {
        if let first, first.experiment == experiment { return first }
        return others.first { $0.experiment == experiment }
    }

    /// Adds an exposure to an experiment the user was not exposed to before.
    mutating func append(_ exposure: UserExposure) {
        if first == nil { first = exposure } else { others.append(exposure) }
    }
}
