/// One row of the aggregate query's output, as `report --counts` reads it back.
public struct AggregateRow: Sendable, Hashable {
    /// The output's columns, in order.
    public static let columns = ["experiment", "variant", "measure", "step", "name", "reason", "value", "total"]

    /// The experiment counted; empty for ``AggregateMeasure/incompleteExposures``.
    public var experiment: String
    /// The variant counted; empty for rows of the whole experiment.
    public var variant: String
    /// What the row counts.
    public var measure: AggregateMeasure
    /// A step number (from 1), 0 when the measure has none.
    public var step: Int
    /// A screen, discovered step or segment value, empty when the measure has none.
    public var name: String
    /// A failure reason, empty when the measure has none.
    public var reason: String
    /// A time or count the row is about, 0 when the measure has none.
    public var value: Int64
    /// How many.
    public var total: Int

    /// Creates a row.
    public init(
        experiment: String, variant: String, measure: AggregateMeasure, step: Int = 0, name: String = "",
        reason: String = "", value: Int64 = 0, total: Int
    ) {
        self.experiment = experiment
        self.variant = variant
        self.measure = measure
        self.step = step
        self.name = name
        self.reason = reason
        self.value = value
        self.total = total
    }
}
