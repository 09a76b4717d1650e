extension ReportBuilder {
    /// Compares, per treatment, the share of users on each kept path and left on each kept screen with control's
    /// (``ShareDifference``), correcting across the treatment's paths and screens by the experiment's correction.
    static func addPathShares(
        to report: inout ExperimentReport, arms: [ArmReport], keys: [PathShareKey], counts: [String: ShareCounts],
        correction: MultipleComparisonCorrection, alpha: Double
    ) {
        guard let control = arms.first, arms.count > 1, !keys.isEmpty else { return }
        let empty = ShareCounts(users: 0, counts: [:])
        report.pathShares = arms.dropFirst().map { arm in
            let differences = ShareDifference.compare(
                treatment: counts[arm.variant] ?? empty, control: counts[control.variant] ?? empty, alpha: alpha, correction: correction
            )
            let shares = differences.compactMap { difference in
                Int(difference.key).flatMap { keys.indices.contains($0) ? PathShareReport(difference, key: keys[$0]) : nil }
            }
            return PathSharesReport(variant: arm.variant, control: control.variant, correction: correction, shares: shares)
        }
    }
}
