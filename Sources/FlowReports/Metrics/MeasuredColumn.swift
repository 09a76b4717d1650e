/// Each user's value of one metric measurement in an arm, aligned by user with the arm's other measurements, so
/// that a ratio can pair a user's numerator with their denominator.
///
/// An entry is one user, or, with ``usersPerEntry``, as many users as that says: users an SQL engine counted by
/// their values take one entry per distinct tuple of values, not one per user.
struct MeasuredColumn: Sendable, Hashable {
    /// Per entry: 1 or 0 for whether an event matched, the count, the sum, or the duration in seconds (0 when it
    /// was not reached).
    var values: [Double] = []
    /// Per entry: whether its users have a value: a matching event, a duration whose end was reached, or a retention
    /// window that ended within the log.
    var present: [Bool] = []
    /// Per entry, the users it stands for (each more than 0); nil when every entry is one user.
    var usersPerEntry: [Int]?
    /// Matching events whose property was missing or not a number, where the measurement sums one.
    var invalid = 0

    /// The users of the column.
    var users: Int {
        usersPerEntry?.reduce(0, +) ?? values.count
    }

    /// An empty column with room for `capacity` users.
    init(reserving capacity: Int) {
        values.reserveCapacity(capacity)
        present.reserveCapacity(capacity)
    }

    /// A column of `values`, each present or not, each one user or the users `usersPerEntry` gives.
    init(values: [Double], present: [Bool], usersPerEntry: [Int]? = nil, invalid: Int = 0) {
        self.values = values
        self.present = present
        self.usersPerEntry = usersPerEntry
        self.invalid = invalid
    }

    /// What a column's values are, as ``append(_:as:)`` reads a measure.
    enum Kind: Sendable {
        case any, count, sum, duration
        /// A retention window ending this many milliseconds after the anchor.
        case retained(windowEnd: Int64)

        /// The kind of `measurement`'s values.
        init(_ measurement: MetricMeasurement) {
            switch measurement.quantity {
            case .any: self = .any
            case .count: self = .count
            case .sum: self = .sum
            case .duration: self = .duration
            case .retained: self = .retained(windowEnd: measurement.windowMilliseconds)
            }
        }
    }

    /// Adds one user's measure, whose values are of `kind`; the log goes on `loggedAfterAnchor` milliseconds after
    /// the user's anchor, which a retention window must have ended within.
    mutating func append(_ measure: UserMeasure, as kind: Kind, loggedAfterAnchor: Int64) {
        switch kind {
        case .any:
            values.append(measure.count > 0 ? 1 : 0)
            present.append(measure.count > 0)
        case .count:
            values.append(Double(measure.count))
            present.append(measure.count > 0)
        case .sum:
            values.append(measure.sum)
            present.append(measure.count > 0)
            invalid += Int(measure.invalid)
        case .duration:
            let milliseconds = measure.durationMilliseconds
            values.append(milliseconds.map { Double($0) / 1000 } ?? 0)
            present.append(milliseconds != nil)
        case .retained(let windowEnd):
            values.append(measure.count > 0 ? 1 : 0)
            present.append(loggedAfterAnchor >= windowEnd)
        }
    }
}
