/// Cochran's Q test: do a treatment's per-segment differences pT − pC differ by more than chance?
enum SegmentHeterogeneity {
    /// Tests the differences of `segments` (each a treatment's and control's counts in one segment).
    ///
    /// Segments where either arm has no users are left out. A segment's variance is the unpooled
    /// pT(1−pT)/nT + pC(1−pC)/nC, with each rate taken as (x + ½)/(n + 1) when that variance is 0.
    static func test(variant: String, segments: [(treatment: ArmCounts, control: ArmCounts)], alpha: Double) -> SegmentInteractionReport {
        var differences: [Double] = []
        var weights: [Double] = []
        for segment in segments {
            let treatment = segment.treatment.sanitized
            let control = segment.control.sanitized
            guard treatment.users > 0, control.users > 0 else { continue }
            var squaredError = variance(treatment, rate: treatment.rate) + variance(control, rate: control.rate)
            if squaredError <= 0 {
                squaredError = variance(treatment, rate: shrunk(treatment)) + variance(control, rate: shrunk(control))
            }
            differences.append(treatment.rate - control.rate)
            weights.append(1 / squaredError)
        }
        guard differences.count >= 2 else {
            return SegmentInteractionReport(
                variant: variant, segments: differences.count, chiSquare: 0, pValue: 1, differsBetweenSegments: false
            )
        }
        let totalWeight = weights.reduce(0, +)
        let mean = zip(differences, weights).reduce(0) { $0 + $1.0 * $1.1 } / totalWeight
        let q = zip(differences, weights).reduce(0) { $0 + $1.1 * ($1.0 - mean) * ($1.0 - mean) }
        let pValue = ChiSquareDistribution.survival(x: q, degreesOfFreedom: differences.count - 1)
        return SegmentInteractionReport(
            variant: variant, segments: differences.count, chiSquare: q, pValue: pValue, differsBetweenSegments: pValue < alpha
        )
    }

    private static func variance(_ counts: ArmCounts, rate: Double) -> Double {
        rate * (1 - rate) / Double(counts.users)
    }

    private static func shrunk(_ counts: ArmCounts) -> Double {
        (Double(counts.conversions) + 0.5) / (Double(counts.users) + 1)
    }
}
