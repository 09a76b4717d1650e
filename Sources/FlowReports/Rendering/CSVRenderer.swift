/// Renders a report as CSV (RFC 4180): a header row, then one row per experiment × variant × step, then one row
/// per guardrail or secondary metric × treatment (its step columns empty, its `metric` columns set), then one row per
/// treatment × compared path or screen left on (its `path_share` columns set, the step and metric columns empty).
///
/// Lines end in CRLF; a field containing a comma, a quote, CR or LF is quoted, quotes doubled. An arm without
/// steps still gets one row, with the step columns empty.
///
/// Text cells are safe to open in a spreadsheet: the cells holding text from a log or a config (`experiment`,
/// `variant`, `source`, `step`, `notes`) have every character `TerminalText` finds unsafe (C0 controls, line
/// breaks and tabs included, DEL, C1 controls, line separators, bidirectional controls) replaced by U+FFFD, and one
/// that would start a formula (its first character other than whitespace is `=`, `+`, `-` or `@`) starts with a
/// single quote `'` (OWASP's rule against CSV injection; tab and CR, which the rule also names, are replaced
/// before). Cells the renderer writes itself (counts, fractions such as `-0.05`, booleans) are left as they are,
/// so numbers stay numbers. Names are kept whole: CSV is data, cut by no length cap. Rates and probabilities are fractions; numbers are
/// written in Swift's shortest round-trip form (locale-independent); absent values are empty. Columns:
///
/// | Column | Meaning |
/// |---|---|
/// | `experiment` | experiment key |
/// | `variant`, `is_control`, `source` | the arm, whether it is control, its file in `compare` mode |
/// | `users`, `goal_conversions`, `goal_conversion_rate` | the arm's goal counts |
/// | `step_index`, `step` | 1-based step position and name |
/// | `step_users`, `step_conversion_rate`, `step_to_step_rate` | users reaching the step, over all users, over the previous step |
/// | `drop_off_users`, `drop_off_rate` | users lost since the previous step |
/// | `median_seconds_to_convert`, `p90_seconds_to_convert` | time from the anchor to the step |
/// | `absolute_difference`, `ci_lower`, `ci_upper`, `relative_uplift` | goal rate vs control (treatments only) |
/// | `p_value`, `adjusted_p_value`, `chance_to_beat_control`, `is_significant` | the test (treatments only) |
/// | `excluded_multi_variant_users`, `srm_p_value`, `srm_mismatch` | experiment-wide checks |
/// | `not_in_configuration` | true for a variant the configuration does not list (left out of the analysis) |
/// | `notes` | the experiment's notes, joined by " / " |
/// | `test_method` | `fixed-horizon`, or `sequential` (intervals and p-values valid at every look) |
/// | `metric`, `metric_kind`, `is_guardrail`, `metric_role` | a metric row's metric id, kind, whether it is a guardrail, and its role (`goal`, `guardrail` or `secondary`); empty on funnel rows |
/// | `metric_control_value`, `metric_treatment_value` | each arm's value of the metric: share, mean, ratio or quantile |
/// | `metric_difference`, `metric_ci_lower`, `metric_ci_upper` | treatment − control and its interval |
/// | `metric_relative_difference`, `metric_relative_ci_lower`, `metric_relative_ci_upper` | treatment / control − 1 and its interval |
/// | `metric_p_value`, `metric_adjusted_p_value`, `metric_is_significant`, `metric_is_worse` | the metric's test |
/// | `step_term_ratio`, `step_term_ci_lower`, `step_term_ci_upper` | on a treatment's step rows: the step's rate over control's and its interval (empty when not tested, or the upper bound when unbounded) |
/// | `step_term_adjusted_p_value`, `step_term_contribution`, `step_term_found`, `step_term_reading` | the step term's corrected p-value, its share of the difference in conversion, whether it is found, its reading |
/// | `goal_term_...` | the same for the goal's term (after the last step), on every row of a treatment |
/// | `metric_chance_to_win`, `metric_credible_lower`, `metric_credible_upper`, `metric_risk_control`, `metric_risk_treatment` | under the Bayesian engine, a metric row's chance to win, credible interval of the difference and risks; empty otherwise, and when there is no Bayesian result |
/// | `step_time_median_treatment`, `step_time_median_control` | on a treatment's step rows: each arm's median of its users' per-user times over the step (from the event matching the step before, or the anchor, to the one matching this step), in seconds |
/// | `step_time_median_difference`, `step_time_median_ci_lower`, `step_time_median_ci_upper` | treatment's median minus control's and its interval (the quantile method) |
/// | `step_time_median_adjusted_ci_lower`, `step_time_median_adjusted_ci_upper`, `step_time_median_adjusted_p_value`, `step_time_median_found` | the interval and p-value corrected across every step's median and mean, and whether the difference is found |
/// | `step_time_mean_...` | the same for the arms' mean times over the step (Welch's interval) |
/// | `step_time_reading` | `median_slower`, `median_faster`, `mean_slower`, `mean_faster` for each difference found (`;` between two), else `no_significant_change` or why the step is not tested (a limitation code such as `too_few_values_for_quantile`); `unavailable_from_counts` for a report from an SQL engine's counts without `step_gap` rows, `steps_differ` when the arms' discovered steps differ |
/// | `path_share_kind`, `path_share_screens`, `path_share_reached_goal` | on a path-share row: `path` or `left_on`, the screens joined by ` > ` (the one screen left on), and whether the path reached the goal (empty for `left_on`) |
/// | `path_share_treatment`, `path_share_control`, `path_share_difference` | each arm's share of its users holding it, and treatment's minus control's |
/// | `path_share_ci_lower`, `path_share_ci_upper`, `path_share_adjusted_ci_lower`, `path_share_adjusted_ci_upper` | Newcombe's interval of the difference, and the interval corrected across the treatment's paths and screens |
/// | `path_share_adjusted_p_value`, `path_share_found` | the corrected p-value, and whether it is below alpha |
/// | `multiple_exposure_share`, `multiple_exposures_flagged`, `is_healthy` | the share of exposed users who saw more than one variant and whether it is too many (empty when not checked), and whether every health check passed |
/// | `cuped_lookback_days`, `cuped_theta`, `cuped_variance_reduction` | on a metric row adjusted by CUPED (`analysis.cuped`): the lookback in days, the pooled slope θ, and 1 − the adjusted over the unadjusted variance of the difference; empty otherwise |
/// | `cuped_pre_exposure_difference`, `cuped_pre_exposure_p_value`, `cuped_imbalanced` | the pre-exposure bias check: treatment's covariate minus control's, its p-value, and whether it is below 0.001 |
/// | `cuped_unavailable` | why a metric the plan asks CUPED for is compared unadjusted (`CUPED unavailable from counts`); empty otherwise |
/// | `duplicate_events` | events the logs delivered more than once, each counted once (the whole report's, on every row) |
public struct CSVRenderer: ReportRenderer {
    /// The header row's column names, in order.
    public static let columns = [
        "experiment", "variant", "is_control", "source", "users", "goal_conversions", "goal_conversion_rate",
        "step_index", "step", "step_users", "step_conversion_rate", "step_to_step_rate", "drop_off_users",
        "drop_off_rate", "median_seconds_to_convert", "p90_seconds_to_convert", "absolute_difference", "ci_lower",
        "ci_upper", "relative_uplift", "p_value", "adjusted_p_value", "chance_to_beat_control", "is_significant",
        "excluded_multi_variant_users", "srm_p_value", "srm_mismatch", "not_in_configuration", "notes", "test_method",
        "metric", "metric_kind", "is_guardrail", "metric_role", "metric_control_value", "metric_treatment_value", "metric_difference",
        "metric_ci_lower", "metric_ci_upper", "metric_relative_difference", "metric_relative_ci_lower",
        "metric_relative_ci_upper", "metric_p_value", "metric_adjusted_p_value", "metric_is_significant", "metric_is_worse",
        "step_term_ratio", "step_term_ci_lower", "step_term_ci_upper", "step_term_adjusted_p_value", "step_term_contribution",
        "step_term_found", "step_term_reading", "goal_term_ratio", "goal_term_ci_lower", "goal_term_ci_upper",
        "goal_term_adjusted_p_value", "goal_term_contribution", "goal_term_found", "goal_term_reading",
        "metric_chance_to_win", "metric_credible_lower", "metric_credible_upper", "metric_risk_control", "metric_risk_treatment",
        "step_time_median_treatment", "step_time_median_control", "step_time_median_difference", "step_time_median_ci_lower",
        "step_time_median_ci_upper", "step_time_median_adjusted_ci_lower", "step_time_median_adjusted_ci_upper",
        "step_time_median_adjusted_p_value", "step_time_median_found", "step_time_mean_treatment", "step_time_mean_control",
        "step_time_mean_difference", "step_time_mean_ci_lower", "step_time_mean_ci_upper", "step_time_mean_adjusted_ci_lower",
        "step_time_mean_adjusted_ci_upper", "step_time_mean_adjusted_p_value", "step_time_mean_found", "step_time_reading",
        "path_share_kind", "path_share_screens", "path_share_reached_goal", "path_share_treatment", "path_share_control",
        "path_share_difference", "path_share_ci_lower", "path_share_ci_upper", "path_share_adjusted_ci_lower",
        "path_share_adjusted_ci_upper", "path_share_adjusted_p_value", "path_share_found",
        "multiple_exposure_share", "multiple_exposures_flagged", "is_healthy", "step_screens_on_the_way", "step_term_alike",
        "step_term_unlike_screens", "cuped_lookback_days", "cuped_theta",
        "cuped_variance_reduction", "cuped_pre_exposure_difference", "cuped_pre_exposure_p_value", "cuped_imbalanced",
        "cuped_unavailable", "duplicate_events",
    ]

    /// Creates a renderer.
    public init() {}

    /// The complete output for `report`, ending in a newline.
    public func render(_ report: Report) -> String {
        var rows = [Self.columns]
        let duplicates = String(report.duplicateEvents)
        for experiment in report.experiments {
            let healthFields = [
                number(experiment.analysis.multipleExposures?.share),
                experiment.analysis.multipleExposures.map { String($0.isFlagged) } ?? "",
                String(experiment.analysis.health.isHealthy),
            ]
            let comparisons = experiment.comparisonsByVariant
            for arm in experiment.arms {
                let comparison = comparisons[arm.variant]
                let armFields = [
                    Self.text(experiment.key), Self.text(arm.variant), String(arm.variant == experiment.control),
                    Self.text(arm.source ?? ""),
                    String(arm.users), String(arm.goalConversions), number(arm.goalConversionRate),
                ]
                let comparisonFields = [
                    number(comparison?.absoluteDifference), number(comparison?.absoluteInterval.lower),
                    number(comparison?.absoluteInterval.upper), number(comparison?.relativeUplift),
                    number(comparison?.pValue), number(comparison?.adjustedPValue),
                    number(comparison?.chanceToBeatControl), comparison.map { String($0.isSignificant) } ?? "",
                    String(experiment.excludedMultiVariantUsers), number(experiment.analysis.sampleRatio?.pValue),
                    experiment.analysis.sampleRatio.map { String($0.isMismatch) } ?? "",
                    String(arm.notInConfiguration == true), Self.text(experiment.notes.joined(separator: " / ")),
                    experiment.analysis.method,
                ]
                let decomposition = experiment.stepDecompositions.first { $0.variant == arm.variant }
                let goalTermFields = termFields(decomposition?.terms.last { $0.isGoal })
                let times = experiment.stepTimes.first { $0.variant == arm.variant }
                let stepRows: [[String]] = arm.steps.isEmpty
                    ? [Array(repeating: "", count: 9)]
                    : arm.steps.enumerated().map { index, step in
                        [
                            String(index + 1), Self.text(step.name), String(step.users), number(step.conversionRate),
                            number(step.stepConversionRate), String(step.dropOffUsers), number(step.dropOffRate),
                            number(step.medianSecondsToConvert), number(step.p90SecondsToConvert),
                        ]
                    }
                for (index, stepFields) in stepRows.enumerated() {
                    let term = decomposition?.terms.indices.contains(index) == true ? decomposition?.terms[index] : nil
                    let stepTermFields = termFields(arm.steps.isEmpty || term?.isGoal == true ? nil : term)
                    rows.append(
                        armFields + stepFields + comparisonFields + Array(repeating: "", count: 16) + stepTermFields + goalTermFields
                            + Array(repeating: "", count: 5) + stepTimeFields(times, index: arm.steps.isEmpty ? nil : index) + Self.noPathShare + healthFields
                            + approachFields(arm.paths?.stepApproaches, term: arm.steps.isEmpty || term?.isGoal == true ? nil : term, index: index)
                            + cupedFields(nil) + [duplicates]
                    )
                }
            }
            for metric in experiment.metrics {
                let arm = experiment.arms.first { $0.variant == metric.variant }
                let armFields = [
                    Self.text(experiment.key), Self.text(metric.variant), "false", Self.text(arm?.source ?? ""),
                    arm.map { String($0.users) } ?? "", "", "",
                ]
                let experimentFields = Array(repeating: "", count: 8) + [
                    String(experiment.excludedMultiVariantUsers), number(experiment.analysis.sampleRatio?.pValue),
                    experiment.analysis.sampleRatio.map { String($0.isMismatch) } ?? "",
                    String(arm?.notInConfiguration == true), Self.text(experiment.notes.joined(separator: " / ")),
                    experiment.analysis.method,
                ]
                let metricFields = [
                    Self.text(metric.metric), metric.kind, String(metric.isGuardrail), metric.role.rawValue, number(metric.controlMean),
                    number(metric.treatmentMean),
                    number(metric.difference), number(metric.interval?.lower), number(metric.interval?.upper),
                    number(metric.relativeDifference), number(metric.relativeInterval?.lower), number(metric.relativeInterval?.upper),
                    number(metric.pValue), number(metric.adjustedPValue), String(metric.isSignificant), String(metric.isSignificantlyWorse),
                ]
                rows.append(armFields + Array(repeating: "", count: 9) + experimentFields + metricFields + termFields(nil) + termFields(nil)
                    + [
                        number(metric.bayesian?.chanceToWin), number(metric.bayesian?.credibleInterval?.lower),
                        number(metric.bayesian?.credibleInterval?.upper), number(metric.bayesian?.riskControl),
                        number(metric.bayesian?.riskTreatment),
                    ] + stepTimeFields(nil, index: nil) + Self.noPathShare + healthFields + approachFields(nil, term: nil, index: 0) + cupedFields(metric.cuped) + [duplicates])
            }
            for shares in experiment.pathShares {
                let arm = experiment.arms.first { $0.variant == shares.variant }
                for share in shares.shares {
                    var row = Array(repeating: "", count: Self.columns.count)
                    let set = { (column: String, value: String) in
                        if let index = Self.columns.firstIndex(of: column) { row[index] = value }
                    }
                    set("experiment", Self.text(experiment.key))
                    set("variant", Self.text(shares.variant))
                    set("is_control", "false")
                    set("source", Self.text(arm?.source ?? ""))
                    set("users", arm.map { String($0.users) } ?? "")
                    set("not_in_configuration", String(arm?.notInConfiguration == true))
                    set("test_method", experiment.analysis.method)
                    set("path_share_kind", share.kind.rawValue)
                    set("path_share_screens", Self.text(share.screens.joined(separator: " > ")))
                    set("path_share_reached_goal", share.reachedGoal.map(String.init) ?? "")
                    set("path_share_treatment", number(share.treatmentShare))
                    set("path_share_control", number(share.controlShare))
                    set("path_share_difference", number(share.difference))
                    set("path_share_ci_lower", number(share.interval.lower))
                    set("path_share_ci_upper", number(share.interval.upper))
                    set("path_share_adjusted_ci_lower", number(share.adjustedInterval.lower))
                    set("path_share_adjusted_ci_upper", number(share.adjustedInterval.upper))
                    set("path_share_adjusted_p_value", number(share.adjustedPValue))
                    set("path_share_found", String(share.isFound))
                    for (column, value) in zip(["multiple_exposure_share", "multiple_exposures_flagged", "is_healthy"], healthFields) {
                        set(column, value)
                    }
                    set("duplicate_events", duplicates)
                    rows.append(row)
                }
            }
        }
        return rows.map { $0.map(Self.quoted).joined(separator: ",") + "\r\n" }.joined()
    }

    /// The CUPED columns of a metric row; empty cells without an adjustment.
    private func cupedFields(_ cuped: RegressionAdjustmentReport?) -> [String] {
        guard let cuped else { return Array(repeating: "", count: 7) }
        return [
            String(cuped.lookbackDays), number(cuped.theta), number(cuped.varianceReduction), number(cuped.preExposureDifference),
            number(cuped.preExposurePValue), cuped.preExposurePValue == nil ? "" : String(cuped.isImbalanced), Self.text(cuped.unavailable ?? ""),
        ]
    }

    /// A text cell safe to open in a spreadsheet: unsafe characters replaced by U+FFFD, and a `'` before a
    /// first character (after any whitespace) of `=`, `+`, `-` or `@`, which a spreadsheet would read as a formula.
    static func text(_ field: String) -> String {
        let cleaned = TerminalText.replacingUnsafe(in: field, with: "\u{FFFD}")
        guard let first = cleaned.unicodeScalars.first(where: { !$0.properties.isWhitespace }), Self.formulaStarts.contains(first) else {
            return cleaned
        }
        return "'" + cleaned
    }

    /// The path-share columns of a row that is not a path share's.
    private static let noPathShare = Array(repeating: "", count: 12)

    /// The characters that make a spreadsheet read a cell as a formula.
    private static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@"]

    /// `field` as RFC 4180 wants it: quoted, quotes doubled, when it holds a comma, quote, CR or LF.
    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        var quoted = "\""
        for character in field {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// A step decomposition term's columns; empty for none.
    /// A step's screens on the way (`cart=1; shipping=0.5`), and whether its term's screens on the way are alike, with
    /// the screens that are not; empty cells where unknown.
    private func approachFields(_ approaches: [StepApproachReport]?, term: StepTermReport?, index: Int) -> [String] {
        let screens = approaches.flatMap { $0.indices.contains(index) ? $0[index] : nil }.map { approach in
            Self.text(approach.screens.map { "\($0.screen)=\(number($0.share))" }.joined(separator: "; "))
        } ?? ""
        guard let approach = term?.approach else { return [screens, "", ""] }
        return [screens, String(approach.isAlike), Self.text(approach.unlikeScreens.map(\.screen).joined(separator: "; "))]
    }

    private func termFields(_ term: StepTermReport?) -> [String] {
        guard let term else { return Array(repeating: "", count: 7) }
        return [
            number(term.ratio), number(term.interval?.lower), number(term.interval?.upper), number(term.adjustedPValue),
            number(term.contribution), String(term.isFound), term.reading.rawValue,
        ]
    }

    /// A step's step-time columns, from a treatment's step times; empty for none. A treatment whose step times are
    /// unavailable says why in the reading.
    private func stepTimeFields(_ times: StepTimesReport?, index: Int?) -> [String] {
        let empty = Array(repeating: "", count: 19)
        guard let times, let index else { return empty }
        if let unavailable = times.unavailable { return Array(empty.dropLast()) + [unavailable] }
        guard times.steps.indices.contains(index) else { return empty }
        let step = times.steps[index]
        let fields = { (difference: StepTimeDifferenceReport) in
            [
                self.number(difference.treatmentSeconds), self.number(difference.controlSeconds), self.number(difference.difference),
                self.number(difference.interval?.lower), self.number(difference.interval?.upper),
                self.number(difference.adjustedInterval?.lower), self.number(difference.adjustedInterval?.upper),
                difference.pValue == nil ? "" : self.number(difference.adjustedPValue), String(difference.isFound),
            ]
        }
        let reading = ExperimentReport.readingParts(of: step).map { String($0.map { $0 == " " ? "_" : $0 }) }.joined(separator: ";")
        return fields(step.median) + fields(step.mean) + [reading]
    }

    private func number(_ value: Double?) -> String {
        value.map { $0.description } ?? ""
    }
}
