/// The sum of a user's numbers of a property: the numbers in ascending order, added by Neumaier's compensated
/// summation (a running sum and the rounding error of each addition, added at the end).
///
/// It is defined by its order and its operations alone, so that every engine computes the same bits: the SQL of
/// `switchyard sql` sorts a user's numbers and folds them with the same additions (DuckDB `list_reduce`,
/// ClickHouse `arrayFold`, Spark `aggregate`), and the report does here. Its error is at most about one rounding
/// of the result for sums of a handful of numbers (0.1, 0.2 and 0.3 add up to 0.6 in any line order). A sum that
/// goes beyond the largest Double is the running sum as it stands, ±infinity (or NaN when it went beyond on both
/// sides): the compensation is left out, as it would only add NaN.
package enum CompensatedSum {
    /// The sum of `ascending`, which must be in ascending order.
    package static func of(ascending numbers: some Sequence<Double>) -> Double {
        var sum = 0.0
        var compensation = 0.0
        for number in numbers {
            let total = sum + number
            compensation += abs(sum) >= abs(number) ? (sum - total) + number : (number - total) + sum
            sum = total
        }
        return sum.isFinite ? sum + compensation : sum
    }

    /// The sum of `numbers` in any order.
    package static func of(_ numbers: [Double]) -> Double {
        of(ascending: numbers.sorted())
    }
}
