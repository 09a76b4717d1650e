/// Adds the totals of a counts file's rows, which a crafted file can make add up to more than an `Int` holds.
enum CountSum {
    /// Adds `total` to `sum`.
    ///
    /// - Throws: ``AggregateCountsError`` at `location` when the sum is beyond `Int.max`.
    static func add(_ total: Int, to sum: inout Int, location: String) throws(AggregateCountsError) {
        let (result, overflow) = sum.addingReportingOverflow(total)
        guard !overflow else {
            throw AggregateCountsError(
                location: location,
                problem: "column total: this row's count brings its sum beyond \(Int.max); expected counts of real users or events"
            )
        }
        sum = result
    }
}
