/// A metric's own CUPED setting (`cuped` on its definition), which overrides its experiment's `analysis.cuped`:
/// one metric can be adjusted over a lookback of its own, or compared unadjusted, whatever the others do.
public enum MetricRegressionAdjustment: Sendable, Hashable {
    /// Adjusted over this lookback (`"cuped": {"lookbackDays": n}`), whether or not the experiment asks for CUPED.
    case lookback(RegressionAdjustmentSettings)
    /// Compared unadjusted (`"cuped": false`), even when the experiment asks for CUPED.
    case off

}
