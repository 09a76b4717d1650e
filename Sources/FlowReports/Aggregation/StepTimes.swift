/// The milliseconds from anchor to reaching one step, of every user who reached it: kept one per user when
/// the users were read from logs, and as each time with its number of users when an SQL engine counted them, so
/// that an arm of a hundred million users read from a counts file takes memory in its distinct times only.
struct StepTimes: Sendable, Hashable {
    /// One time per user, in any order.
    private var each: [Int64] = []
    /// Distinct times, ascending, aligned with ``usersAtTime``.
    private var times: [Int64] = []
    /// The users of each of ``times``, each more than 0.
    private var usersAtTime: [Int] = []
    /// How many users reached the step.
    private(set) var count = 0

    /// No user yet, with room for `capacity` users' times.
    init(reserving capacity: Int) {
        each.reserveCapacity(capacity)
    }

    /// The times `usersByTime` counts, each for that many users; the counts must add up to at most `Int.max`
    /// (``AggregateCounts`` checks them).
    init(usersByTime: [Int64: Int]) {
        for time in usersByTime.keys.sorted() {
            guard let users = usersByTime[time], users > 0 else { continue }
            times.append(time)
            usersAtTime.append(users)
            count += users
        }
    }

    /// Adds one user's time.
    mutating func append(_ time: Int64) {
        each.append(time)
        count += 1
    }

    /// The `percents` quantiles (each 1...100, nearest rank) of the times; nil for each when there are none.
    func quantiles(_ percents: [Int]) -> [Int64?] {
        guard !times.isEmpty else { return NearestRankQuantile.values(percents, of: each) }
        guard each.isEmpty else {
            // Both kinds: only a caller mixing them gets here; the union is expanded.
            var all = each
            for (time, users) in zip(times, usersAtTime) { all.append(contentsOf: repeatElement(time, count: users)) }
            return NearestRankQuantile.values(percents, of: all)
        }
        return percents.map { percent in
            let target = NearestRankQuantile.index(of: percent, count: count)
            var below = 0
            for (time, users) in zip(times, usersAtTime) {
                below += users
                if target < below { return time }
            }
            return times.last
        }
    }
}
