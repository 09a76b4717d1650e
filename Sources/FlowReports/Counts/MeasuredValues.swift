import FlowEvents

/// One user's values of the measurements of a group, as the `reason` of an ``AggregateMeasure/metricUsers`` row
/// spells them: one field per measurement, in the group's order, separated by `|`.
///
/// - a match (`any`): `1` with a matching event, `0` without;
/// - a count: the matching events, `0` without;
/// - a sum: the matching events, then each number they carry in JSON's number grammar, separated by spaces
///   (`2 45.99 12`; `1` for one event without a number; `0` without a matching event), so that the sum is made
///   here as from the logs (``CompensatedSum``) and the events without a number are counted as invalid;
/// - a duration: milliseconds from its start to its end, empty when the end was not reached;
/// - a retention window: `1` with a matching event in it, `0` without, empty when the window had not ended when the
///   log did (the user is not measured).
///
/// When the group's measurements are adjusted by CUPED, one field per covariate follows
/// (``ExperimentMetrics/covariates(ofGroup:)``), spelled as its measurement's field over the lookback: `1` or `0`
/// for a match, the count, or the events and their numbers for a sum, whose covariate is the numbers' exact sum
/// rounded once, as `report` makes it (``PreExposureHistory``).
struct MeasuredValues: Sendable, Hashable {
    /// Per measurement: the value, as ``MeasuredColumn`` holds it.
    var values: [Double] = []
    /// Per measurement: whether the user has a value.
    var present: [Bool] = []
    /// Per measurement: matching events whose number was missing or not a number.
    var invalid: [Int] = []
    /// Per covariate of the group, when the counts carry them: its value; empty when they do not.
    var covariates: [Double] = []

    /// The values of a user that no row names: no matching event and no duration reached; a retention window
    /// that ended without a matching event.
    init(absentFor measurements: [MetricMeasurement]) {
        values = measurements.map { _ in 0 }
        present = measurements.map { measurement in
            if case .retained = measurement.quantity { return true }
            return false
        }
        invalid = measurements.map { _ in 0 }
    }

    /// The values of a user no row names, in counts that carry `covariates` covariates: each of them 0 (no history).
    init(absentFor measurements: [MetricMeasurement], covariates: Int) {
        self.init(absentFor: measurements)
        self.covariates = Array(repeating: 0, count: covariates)
    }

    /// Reads `text`, the values of `measurements`, followed or not by the values of `covariates`.
    ///
    /// - Throws: a description of what is wrong with `text`, for an ``AggregateCountsError``.
    init(parsing text: String, measurements: [MetricMeasurement], covariates: [MetricMeasurement] = []) throws(MeasuredValuesError) {
        let fields = text.split(separator: "|", omittingEmptySubsequences: false)
        guard fields.count == measurements.count || (!covariates.isEmpty && fields.count == measurements.count + covariates.count) else {
            let plural = { (count: Int, noun: String) in "\(count) \(noun)\(count == 1 ? "" : "s")" }
            throw MeasuredValuesError(
                problem: "\(plural(fields.count, "value")) in \"\(text)\", but the group has \(plural(measurements.count, "measurement"))"
                    + (covariates.isEmpty ? "" : " and \(plural(covariates.count, "covariate"))")
            )
        }
        func whole(_ digits: Substring) throws(MeasuredValuesError) -> Int64 {
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let number = Int64(digits) else {
                throw MeasuredValuesError(problem: "expected a whole number of 0 or more, got \"\(digits)\" in \"\(text)\"")
            }
            return number
        }
        for (field, covariate) in zip(fields.dropFirst(measurements.count), covariates) {
            switch covariate.quantity {
            case .any: self.covariates.append(try whole(field) > 0 ? 1 : 0)
            case .count: self.covariates.append(Double(try whole(field)))
            case .sum:
                let parts = field.split(separator: " ", omittingEmptySubsequences: false)
                let events = try whole(parts[0])
                guard Int64(parts.count - 1) <= events else {
                    throw MeasuredValuesError(problem: "\(parts.count - 1) numbers from \(events) events in \"\(field)\"")
                }
                var sum = ExactBinarySum()
                for part in parts.dropFirst() {
                    guard case .success(let number) = EventPropertyNumber.read(String(part)) else { continue }
                    sum.add(number)
                }
                self.covariates.append(sum.number.rounded())
            case .duration, .retained:
                throw MeasuredValuesError(problem: "a covariate of \(covariate.summary), which CUPED never adjusts, in \"\(text)\"")
            }
        }
        for (field, measurement) in zip(fields, measurements) {
            switch measurement.quantity {
            case .any:
                let matched = try whole(field) > 0
                values.append(matched ? 1 : 0)
                present.append(matched)
                invalid.append(0)
            case .count:
                let count = try whole(field)
                values.append(Double(count))
                present.append(count > 0)
                invalid.append(0)
            case .sum:
                let parts = field.split(separator: " ", omittingEmptySubsequences: false)
                let events = try whole(parts[0])
                guard Int64(parts.count - 1) <= events else {
                    throw MeasuredValuesError(problem: "\(parts.count - 1) numbers from \(events) events in \"\(field)\"")
                }
                var numbers: [Double] = []
                for part in parts.dropFirst() {
                    guard case .success(let number) = EventPropertyNumber.read(String(part)) else { continue }
                    numbers.append(number)
                }
                values.append(CompensatedSum.of(numbers))
                present.append(events > 0)
                invalid.append(Int(events) - numbers.count)
            case .retained:
                if field.isEmpty {
                    values.append(0)
                    present.append(false)
                } else {
                    values.append(try whole(field) > 0 ? 1 : 0)
                    present.append(true)
                }
                invalid.append(0)
            case .duration:
                if field.isEmpty {
                    values.append(0)
                    present.append(false)
                } else {
                    values.append(Double(try whole(field)) / 1000)
                    present.append(true)
                }
                invalid.append(0)
            }
        }
    }
}

/// What is wrong with the values of an ``AggregateMeasure/metricUsers`` row.
struct MeasuredValuesError: Error {
    var problem: String
}
