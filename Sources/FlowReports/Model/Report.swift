/// A comparison report: funnels per variant and the statistical verdict, for one or more experiments.
///
/// ## JSON shape (version 1)
/// Encoded by ``JSONRenderer`` with **snake_case** keys (explicit coding keys on every type, so renaming a
/// property never changes the JSON), pretty-printed with sorted keys. Rates and probabilities are fractions
/// (0.5 is 50 %), durations are seconds, absent values are omitted. Fields are only ever added within a
/// version; removing or changing one bumps `report_version`.
///
/// ```text
/// { report_version: 1, mode: "report" | "compare", alpha, inputs: [String], diagnostics: [String], duplicate_events,
///   experiments: [ { key, control, conversion_window_seconds, goal, steps_discovered, excluded_multi_variant_users,
///     notes: [String],
///     arms: [ { variant, source?, not_in_configuration?, users, goal_conversions, goal_conversion_rate,
///               steps: [ { name, users, conversion_rate, step_conversion_rate, drop_off_users, drop_off_rate,
///                          median_seconds_to_convert?, p90_seconds_to_convert? } ],
///               screens: [ { screen, back_navigations, failed_mutations,
///                            failures_by_reason: [ { reason, count } ], other_reasons? } ], other_screens? } ],
///     analysis: { control, verdict, method: "fixed-horizon" | "sequential", sequential_tuning_users?,
///       comparisons: [ { variant, control, treatment_users, treatment_conversions, treatment_rate,
///                        control_users, control_conversions, control_rate, absolute_difference,
///                        absolute_interval: { lower, upper }, relative_uplift?, relative_interval?,
///                        z_score, p_value, adjusted_p_value, chance_to_beat_control?,
///                        minimum_detectable_effect?, users_needed_per_arm?, is_significant } ],
///       sample_ratio?: { variants, observed, expected_weights, chi_square, degrees_of_freedom, p_value,
///                        is_mismatch } },
///     metrics: [ { metric, role, is_guardrail, variant, control, treatment_users, control_users, treatment_mean,
///                  control_mean, treatment_median?, control_median?, difference, interval?: { lower, upper },
///                  p_value, adjusted_p_value, is_significant, is_significantly_worse } ],
///     segment_by?, segments: [ { value, analysis } ], other_segment_values?,
///     segment_interactions: [ { variant, segments, chi_square, p_value, differs_between_segments } ],
///     step_decompositions: [ … ], step_times: [ … ], path_shares: [ … ] } ] }   (docs/CLI.md, field by field)
/// ```
public struct Report: Sendable, Hashable, Codable {
    /// The version of the JSON shape this type writes.
    public static let currentVersion = 1

    /// Version of the JSON shape; ``currentVersion`` for reports this module builds.
    public var reportVersion: Int
    /// Whether arms are variants of exposures (`report`) or whole log files (`compare`).
    public var mode: ReportMode
    /// The two-sided significance level the analysis used.
    public var alpha: Double
    /// The input files, as the caller named them.
    public var inputs: [String]
    /// Notes about the inputs and the analysis, e.g. "3 malformed lines skipped, first at events.jsonl:1207".
    public var diagnostics: [String]
    /// Events the logs delivered more than once (the same `EventIdentity`), each counted once: how many later
    /// deliveries were left out.
    public var duplicateEvents: Int
    /// One entry per experiment, ordered by key.
    public var experiments: [ExperimentReport]

    /// Creates a report.
    public init(
        reportVersion: Int = Report.currentVersion, mode: ReportMode, alpha: Double, inputs: [String],
        diagnostics: [String], duplicateEvents: Int = 0, experiments: [ExperimentReport]
    ) {
        self.reportVersion = reportVersion
        self.mode = mode
        self.alpha = alpha
        self.inputs = inputs
        self.diagnostics = diagnostics
        self.duplicateEvents = duplicateEvents
        self.experiments = experiments
    }

    enum CodingKeys: String, CodingKey {
        case reportVersion = "report_version"
        case mode
        case alpha
        case inputs
        case diagnostics
        case duplicateEvents = "duplicate_events"
        case experiments
    }
}
