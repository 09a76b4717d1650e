/// Adds the totals of a counts file's rows, which a crafted file can make add up to more than the report can
/// count: every sum of counts is held at most ``maximum``.
enum CountSum {
    /// The largest count a sum may reach: 2^53, the largest whole number below which every whole number is a
    /// Double, as the statistics take counts. Sums of a few such counts (arms, screens) stay far inside `Int`.
    static let maximum = 1 << 53

    /// Adds `total` to `sum`.
    ///
    /// - Throws: ``AggregateCountsError`` at `location` when the sum is beyond ``maximum``.
    static func add(_ total: Int, to sum: inout Int, location: String) throws(AggregateCountsError) {
        let (result, overflow) = sum.addingReportingOverflow(total)
        guard !overflow, result <= maximum else {
            throw AggregateCountsError(
                location: location,
                problem: "column total: this row's count brings its sum beyond \(maximum); expected counts of real users or events"
            )
        }
        sum = result
    }

    /// Adds `count` × `total` to `sum`: `count` events of each of `total` users.
    ///
    /// - Throws: ``AggregateCountsError`` at `location` when the product or the sum is beyond ``maximum``.
    static func add(_ count: Int, times total: Int, to sum: inout Int, location: String) throws(AggregateCountsError) {
        let (product, overflow) = count.multipliedReportingOverflow(by: total)
        try add(overflow ? Int.max : product, to: &sum, location: location)
    }
}
