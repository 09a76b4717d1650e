import FlowReports

/// Hand-built reports for the renderer tests, independent of aggregation and statistics.
enum ReportFixtures {
    /// Two experiments: one with a winning treatment and a losing one, one with a sample-ratio mismatch.
    static let sample = Report(
        mode: .report,
        alpha: 0.05,
        inputs: ["logs/day1.jsonl", "logs/day2.jsonl"],
        diagnostics: ["3 malformed lines skipped, first at logs/day1.jsonl:1207"],
        experiments: [onboarding, mismatched]
    )

    /// ``onboardingFunnel`` with its step times: profile-first's compared step by step, no-profile's steps differ.
    static let onboarding: ExperimentReport = {
        var report = onboardingFunnel
        report.stepTimes = [
            StepTimesReport(variant: "profile-first", control: "signup-first", correction: .holm, steps: [
                StepTimeReport(
                    index: 1, step: "welcome", treatmentUsers: 1010, controlUsers: 1000,
                    median: StepTimeDifferenceReport(
                        treatmentSeconds: 0.5, controlSeconds: 0.5, difference: 0, interval: ConfidenceInterval(lower: -0.1, upper: 0.1),
                        adjustedInterval: nil, pValue: 1, adjustedPValue: 1, isFound: false
                    ),
                    mean: StepTimeDifferenceReport(
                        treatmentSeconds: 0.6, controlSeconds: 0.62, difference: -0.02, interval: ConfidenceInterval(lower: -0.08, upper: 0.04),
                        adjustedInterval: ConfidenceInterval(lower: -0.11, upper: 0.07), pValue: 0.51, adjustedPValue: 1, isFound: false
                    )
                ),
                StepTimeReport(
                    index: 2, step: "profile", treatmentUsers: 800, controlUsers: 700,
                    median: StepTimeDifferenceReport(
                        treatmentSeconds: 29.5, controlSeconds: 41.5, difference: -12, interval: ConfidenceInterval(lower: -15, upper: -9),
                        adjustedInterval: ConfidenceInterval(lower: -16.2, upper: -7.8), pValue: 0.0001, adjustedPValue: 0.0004, isFound: true
                    ),
                    mean: StepTimeDifferenceReport(
                        treatmentSeconds: 3, controlSeconds: nil, difference: nil, interval: nil,
                        adjustedInterval: nil, pValue: nil, adjustedPValue: 1, isFound: false, limitation: .emptyArm
                    )
                ),
            ]),
            StepTimesReport(
                variant: "no-profile", control: "signup-first", unavailable: "steps_differ",
                reason: "its steps are not control's", correction: .holm
            ),
        ]
        report.pathShares = [
            PathSharesReport(variant: "profile-first", control: "signup-first", correction: .holm, shares: [
                PathShareReport(
                    kind: .path, screens: ["welcome", "profile", "signup"], reachedGoal: true, treatmentUsers: 460, treatmentShare: 460.0 / 1010.0,
                    controlUsers: 0, controlShare: 0, difference: 460.0 / 1010.0, interval: ConfidenceInterval(lower: 0.42, upper: 0.49),
                    adjustedInterval: ConfidenceInterval(lower: 0.41, upper: 0.5), pValue: 1e-40, adjustedPValue: 2e-40, isFound: true
                ),
                PathShareReport(
                    kind: .leftOn, screens: ["welcome"], reachedGoal: nil, treatmentUsers: 210, treatmentShare: 210.0 / 1010.0,
                    controlUsers: 200, controlShare: 0.2, difference: 210.0 / 1010.0 - 0.2, interval: ConfidenceInterval(lower: -0.03, upper: 0.04),
                    adjustedInterval: ConfidenceInterval(lower: -0.04, upper: 0.05), pValue: 0.66, adjustedPValue: 0.66, isFound: false
                ),
            ]),
        ]
        return report
    }()

    private static let onboardingFunnel = ExperimentReport(
        key: "onboarding-order",
        control: "signup-first",
        conversionWindowSeconds: 1_209_600,
        goal: "flow_completed",
        stepsDiscovered: true,
        excludedMultiVariantUsers: 2,
        arms: [
            ArmReport(
                variant: "signup-first", users: 1000, goalConversions: 400, goalConversionRate: 0.4,
                steps: [
                    step("welcome", users: 1000, of: 1000, previous: 1000, median: 0.5, p90: 1.25),
                    step("signup", users: 700, of: 1000, previous: 1000, median: 42.0, p90: 95.5),
                    step("profile", users: 450, of: 1000, previous: 700, median: 130.0, p90: 3725.0),
                ],
                screens: [
                    ScreenReport(screen: "signup", backNavigations: 35, failedMutations: 12, failuresByReason: [
                        ReasonCount(reason: "email_taken", count: 9), ReasonCount(reason: "weak_password", count: 3),
                    ]),
                ]
            ),
            ArmReport(
                variant: "profile-first", users: 1010, goalConversions: 460, goalConversionRate: 460.0 / 1010.0,
                steps: [
                    step("welcome", users: 1010, of: 1010, previous: 1010, median: 0.5, p90: 1.0),
                    step("profile", users: 800, of: 1010, previous: 1010, median: 30.0, p90: 61.0),
                    step("signup", users: 470, of: 1010, previous: 800, median: nil, p90: nil),
                ],
                screens: []
            ),
            ArmReport(
                variant: "no-profile", users: 990, goalConversions: 350, goalConversionRate: 350.0 / 990.0,
                steps: [
                    step("welcome", users: 990, of: 990, previous: 990, median: 0.4, p90: 0.9),
                    step("signup", users: 600, of: 990, previous: 990, median: 50.0, p90: 90_000.0),
                ],
                screens: [
                    ScreenReport(screen: "signup", backNavigations: 4, failedMutations: 0, failuresByReason: []),
                ]
            ),
            ArmReport(
                variant: "ghost", users: 1, goalConversions: 0, goalConversionRate: 0,
                steps: [step("welcome", users: 1, of: 1, previous: 1, median: 0.2, p90: 0.2)],
                screens: [], notInConfiguration: true
            ),
        ],
        analysis: AnalysisReport(
            control: "signup-first",
            verdict: "profile-first converts 5.5 pp better than signup-first (95% CI 1.2 to 9.8 pp), Holm-adjusted p = 0.024: ship it",
            comparisons: [
                TreatmentComparison(
                    variant: "profile-first", control: "signup-first",
                    treatmentCounts: ArmCounts(users: 1010, conversions: 460), controlCounts: ArmCounts(users: 1000, conversions: 400),
                    absoluteDifference: 0.0554, absoluteInterval: ConfidenceInterval(lower: 0.0124, upper: 0.0984),
                    relativeUplift: 0.1386, relativeInterval: ConfidenceInterval(lower: 0.028, upper: 0.249),
                    zScore: 2.51, pValue: 0.012, adjustedPValue: 0.024, chanceToBeatControl: 0.994,
                    minimumDetectableEffect: 0.0615, usersNeededPerArm: 1243, isSignificant: true
                ),
                TreatmentComparison(
                    variant: "no-profile", control: "signup-first",
                    treatmentCounts: ArmCounts(users: 990, conversions: 350), controlCounts: ArmCounts(users: 1000, conversions: 400),
                    absoluteDifference: -0.0465, absoluteInterval: ConfidenceInterval(lower: -0.0893, upper: -0.0037),
                    relativeUplift: nil, relativeInterval: nil,
                    zScore: -2.1, pValue: 0.0357, adjustedPValue: 0.0357, chanceToBeatControl: 0.018,
                    minimumDetectableEffect: nil, usersNeededPerArm: nil, isSignificant: true
                ),
            ],
            sampleRatio: SampleRatioCheck(
                variants: ["signup-first", "profile-first", "no-profile"], observed: [1000, 1010, 990],
                expectedWeights: [1, 1, 1], chiSquare: 0.2, degreesOfFreedom: 2, pValue: 0.9048, isMismatch: false
            ),
            multipleExposures: .test(multipleExposureUsers: 2, analyzedUsers: 3000)
        ),
        notes: ["ghost is not a variation in the configuration: its 1 users are shown but left out of the comparisons and the sample-ratio check"],
        metrics: [
            MetricComparisonReport(
                metric: "back_navigations", name: "back navigations per user", kind: "mean", role: .guardrail,
                direction: .lowerIsBetter, variant: "profile-first", control: "signup-first",
                treatmentUsers: 1010, controlUsers: 1000, treatmentMean: 0.42, controlMean: 0.3, treatmentMedian: nil,
                controlMedian: nil, difference: 0.12, interval: ConfidenceInterval(lower: 0.05, upper: 0.19),
                relativeDifference: 0.4, relativeInterval: ConfidenceInterval(lower: 0.15, upper: 0.65), pValue: 0.0004,
                adjustedPValue: 0.0016, isSignificant: true, isSignificantlyWorse: true
            ),
            MetricComparisonReport(
                metric: "time_to_complete", name: "seconds to complete", kind: "duration", role: .secondary,
                direction: .lowerIsBetter, variant: "profile-first", control: "signup-first",
                treatmentUsers: 460, controlUsers: 400, treatmentMean: 61.5, controlMean: 63.25, treatmentMedian: 55,
                controlMedian: 57.5, difference: -1.75, interval: ConfidenceInterval(lower: -4.1, upper: 0.6), pValue: 0.14,
                adjustedPValue: 0.28, isSignificant: false, isSignificantlyWorse: false
            ),
        ]
    )

    /// ``mismatchedFunnel`` as a report from counts, whose step times are unavailable.
    static let mismatched: ExperimentReport = {
        var report = mismatchedFunnel
        report.stepTimes = [
            StepTimesReport(
                variant: "long", control: "short", unavailable: "unavailable_from_counts",
                reason: "step times unavailable from counts: no per-user times", correction: .benjaminiHochberg
            ),
        ]
        return report
    }()

    private static let mismatchedFunnel = ExperimentReport(
        key: "welcome-copy",
        control: "short",
        conversionWindowSeconds: 3600,
        goal: "mutation operation=create_account outcome=succeeded",
        stepsDiscovered: false,
        excludedMultiVariantUsers: 5,
        arms: [
            ArmReport(variant: "short", users: 120, goalConversions: 30, goalConversionRate: 0.25, steps: [
                step("Welcome seen", users: 120, of: 120, previous: 120, median: 0, p90: 0),
            ], screens: []),
            ArmReport(variant: "long", users: 80, goalConversions: 20, goalConversionRate: 0.25, steps: [
                step("Welcome seen", users: 80, of: 80, previous: 80, median: 0, p90: 0),
            ], screens: []),
        ],
        analysis: AnalysisReport(
            control: "short",
            verdict: "do not trust this result: sample ratio mismatch: users per arm 120 / 80 do not fit the configured 50% / 50% split (chi-square p = 0.005); fix assignment before trusting any result; "
                + "5 users (2.44% of those exposed) saw more than one variant, at least the 1% a sound assignment allows; keep each user's variant "
                + "for good (one user id across sessions and devices, sticky buckets) before trusting any result",
            comparisons: [
                TreatmentComparison(
                    variant: "long", control: "short", treatmentCounts: ArmCounts(users: 80, conversions: 20),
                    controlCounts: ArmCounts(users: 120, conversions: 30), absoluteDifference: 0,
                    absoluteInterval: ConfidenceInterval(lower: -0.1224, upper: 0.1224), relativeUplift: 0,
                    relativeInterval: ConfidenceInterval(lower: -0.49, upper: 0.49), zScore: 0, pValue: 1, adjustedPValue: 1,
                    chanceToBeatControl: 0.5, minimumDetectableEffect: 0.177, usersNeededPerArm: nil, isSignificant: false
                ),
            ],
            sampleRatio: SampleRatioCheck(
                variants: ["short", "long"], observed: [120, 80], expectedWeights: [1, 1], chiSquare: 8,
                degreesOfFreedom: 1, pValue: 0.00468, isMismatch: true
            ),
            multipleExposures: .test(multipleExposureUsers: 5, analyzedUsers: 200)
        )
    )

    /// A compare-mode report whose every user-supplied string is hostile to HTML, Markdown, CSV and terminals.
    static let hostile = Report(
        mode: .compare,
        alpha: 0.05,
        inputs: ["<b>a.jsonl</b>", "x\"y'z&w.jsonl"],
        diagnostics: ["<img src=x onerror=alert(1)> note"],
        experiments: [
            ExperimentReport(
                key: "<script>alert(\"x\")</script>",
                control: "a\"b'c&d",
                conversionWindowSeconds: 60,
                goal: "screen_shown screen=<svg onload=alert(1)>",
                stepsDiscovered: true,
                excludedMultiVariantUsers: 0,
                arms: [
                    ArmReport(
                        variant: "a\"b'c&d", source: "<b>a.jsonl</b>", users: 10, goalConversions: 5,
                        goalConversionRate: 0.5,
                        steps: [step("<script>alert(\"x\")</script>", users: 5, of: 10, previous: 10, median: 1, p90: 2)],
                        screens: [ScreenReport(screen: "</text><script>", backNavigations: 1, failedMutations: 1,
                                               failuresByReason: [ReasonCount(reason: "<i>bad</i>", count: 1)])]
                    ),
                    ArmReport(
                        variant: "<script>alert(\"x\")</script>", source: "x\"y'z&w.jsonl", users: 10,
                        goalConversions: 6, goalConversionRate: 0.6,
                        steps: [step("\u{1B}[31mred|pipe,comma\nline", users: 6, of: 10, previous: 10, median: 1, p90: 2)],
                        screens: []
                    ),
                ]
                ,
                analysis: AnalysisReport(
                    control: "a\"b'c&d",
                    verdict: "no significant difference between <script>alert(\"x\")</script> and a\"b'c&d",
                    comparisons: [
                        TreatmentComparison(
                            variant: "<script>alert(\"x\")</script>", control: "a\"b'c&d",
                            treatmentCounts: ArmCounts(users: 10, conversions: 6), controlCounts: ArmCounts(users: 10, conversions: 5),
                            absoluteDifference: 0.1, absoluteInterval: ConfidenceInterval(lower: -0.33, upper: 0.53),
                            relativeUplift: 0.2, relativeInterval: ConfidenceInterval(lower: -0.6, upper: 1.0), zScore: 0.45,
                            pValue: 0.65, adjustedPValue: 0.65, chanceToBeatControl: 0.67, minimumDetectableEffect: 0.6,
                            usersNeededPerArm: 387, isSignificant: false
                        ),
                    ],
                    sampleRatio: nil
                )
            ),
        ]
    )

    static func step(
        _ name: String, users: Int, of total: Int, previous: Int, median: Double?, p90: Double?
    ) -> StepReport {
        StepReport(
            name: name, users: users, conversionRate: Double(users) / Double(total),
            stepConversionRate: Double(users) / Double(previous), dropOffUsers: previous - users,
            dropOffRate: Double(previous - users) / Double(previous), medianSecondsToConvert: median,
            p90SecondsToConvert: p90
        )
    }
}
