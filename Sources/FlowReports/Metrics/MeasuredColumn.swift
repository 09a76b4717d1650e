/// Each user's value of one metric measurement in an arm, aligned by user with the arm's other measurements, so
/// that a ratio can pair a user's numerator with their denominator.
struct MeasuredColumn: Sendable, Hashable {
    /// Per user: 1 or 0 for whether an event matched, the count, the sum, or the duration in seconds (0 when it
    /// was not reached).
    var values: [Double] = []
    /// Per user: whether the user has a value: a matching event, or a duration whose end was reached.
    var present: [Bool] = []
    /// Matching events whose property was missing or not a number, where the measurement sums one.
    var invalid = 0

    /// An empty column with room for `capacity` users.
    init(reserving capacity: Int) {
        values.reserveCapacity(capacity)
        present.reserveCapacity(capacity)
    }

    /// A column of `values`, each present or not.
    init(values: [Double], present: [Bool], invalid: Int = 0) {
        self.values = values
        self.present = present
        self.invalid = invalid
    }

    /// What a column's values are, as ``append(_:as:)`` reads a measure.
    enum Kind: Sendable {
        case any, count, sum, duration

        /// The kind of `measurement`'s values.
        init(_ measurement: MetricMeasurement) {
            switch measurement.quantity {
            case .any: self = .any
            case .count: self = .count
            case .sum: self = .sum
            case .duration: self = .duration
            }
        }
    }

    /// Adds one user's measure, whose values are of `kind`.
    mutating func append(_ measure: UserMeasure, as kind: Kind) {
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
        }
    }
}
