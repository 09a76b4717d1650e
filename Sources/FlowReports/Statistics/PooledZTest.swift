/// The two-sided two-proportion z-test with pooled variance.
package struct PooledZTest: Sendable, Hashable {
    /// z = (pT − pC) / √(p̄(1−p̄)(1/nT + 1/nC)) with p̄ = (xT + xC)/(nT + nC); 0 when the variance is 0 or an arm is empty.
    package var zScore: Double
    /// Two-sided p-value 2·(1 − Φ(|z|)); 1 when the test is undefined (no users in an arm, or p̄ ∈ {0, 1}).
    package var pValue: Double

    /// Runs the test, matching statsmodels `proportions_ztest([xT, xC], [nT, nC])` (defaults: value 0,
    /// two-sided, pooled `prop_var`). Where statsmodels yields NaN (empty arm, or no / only conversions in both arms)
    /// this reports z = 0 and p = 1: the data show no difference.
    package init(treatment: ArmCounts, control: ArmCounts) {
        let treatment = treatment.sanitized
        let control = control.sanitized
        guard treatment.users > 0, control.users > 0 else {
            zScore = 0
            pValue = 1
            return
        }
        let nT = Double(treatment.users)
        let nC = Double(control.users)
        let pooled = (Double(treatment.conversions) + Double(control.conversions)) / (nT + nC)
        let variance = pooled * (1 - pooled) * (1 / nT + 1 / nC)
        guard variance > 0 else {
            zScore = 0
            pValue = 1
            return
        }
        zScore = (treatment.rate - control.rate) / variance.squareRoot()
        pValue = min(1, 2 * NormalDistribution.survival(abs(zScore)))
    }
}
