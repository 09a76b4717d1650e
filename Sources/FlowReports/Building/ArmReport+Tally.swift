import FlowEvents

extension ArmReport {
    /// The report of an arm tallied as `tally`.
    init(variant: String, source: String?, tally: ArmTally) {
        let users = tally.users
        var steps: [StepReport] = []
        var previousUsers = users
        for (index, step) in tally.steps.enumerated() {
            let durations = index < tally.stepDurations.count ? tally.stepDurations[index] : StepTimes(reserving: 0)
            let quantiles = durations.quantiles([50, 90])
            let reached = durations.count
            let dropOff = max(0, previousUsers - reached)
            var stepReport = StepReport(
                name: step.name,
                users: reached,
                conversionRate: Self.fraction(reached, of: users),
                stepConversionRate: Self.fraction(reached, of: previousUsers),
                dropOffUsers: dropOff,
                dropOffRate: Self.fraction(dropOff, of: previousUsers),
                medianSecondsToConvert: quantiles[0].map(Self.seconds),
                p90SecondsToConvert: quantiles[1].map(Self.seconds)
            )
            stepReport.screen = step.matcher.screen
            steps.append(stepReport)
            previousUsers = reached
        }
        let (screens, foldedScreens) = Self.listedScreens(of: tally)
        self.init(
            variant: variant, source: source, users: users, goalConversions: tally.goalConversions,
            goalConversionRate: Self.fraction(tally.goalConversions, of: users), steps: steps, screens: screens
        )
        if tally.screensBeyondStepCap > 0 { discoveredScreensBeyondCap = tally.screensBeyondStepCap }
        if foldedScreens > 0 { otherScreens = foldedScreens }
    }

    /// The screens an arm lists, ordered by name: every screen when there are at most ``ScreenReport/maximumListed``;
    /// otherwise those with the most back navigations and failed mutations, then ``ScreenReport/otherScreen`` counting
    /// all the others' (a screen spelt as that name among them), their reasons merged. And how many screens that
    /// last holds.
    private static func listedScreens(of tally: ArmTally) -> (screens: [ScreenReport], folded: Int) {
        var weights = tally.backNavigationsByScreen
        for (screen, reasons) in tally.failuresByScreen {
            weights[screen, default: 0] += reasons.values.reduce(0, +)
        }
        func report(_ screen: String, backs: Int, failures: [String: Int]) -> ScreenReport {
            let (reasons, folded) = listedReasons(of: failures)
            var report = ScreenReport(
                screen: screen, backNavigations: backs, failedMutations: failures.values.reduce(0, +), failuresByReason: reasons
            )
            if folded > 0 { report.otherReasons = folded }
            return report
        }
        func listed(_ screen: String) -> ScreenReport {
            report(screen, backs: tally.backNavigationsByScreen[screen] ?? 0, failures: tally.failuresByScreen[screen] ?? [:])
        }
        guard weights.count > ScreenReport.maximumListed else { return (weights.keys.sorted().map(listed), 0) }
        var ranked = weights
        ranked[ScreenReport.otherScreen] = nil
        let kept = MostFrequentValues.top(ScreenReport.maximumListed, of: ranked)
        var backs = 0
        var failures: [String: Int] = [:]
        for screen in weights.keys where !kept.contains(screen) {
            backs += tally.backNavigationsByScreen[screen] ?? 0
            failures.merge(tally.failuresByScreen[screen] ?? [:], uniquingKeysWith: +)
        }
        let other = report(ScreenReport.otherScreen, backs: backs, failures: failures)
        return (kept.sorted().map(listed) + [other], weights.count - kept.count)
    }

    /// The failure reasons a screen lists, ordered by reason: every reason when there are at most
    /// ``ScreenReport/maximumListedReasons``; otherwise the most frequent, then ``ScreenReport/otherReason`` counting
    /// the failures of all the others (a reason spelt as that name among them). And how many reasons that last holds.
    private static func listedReasons(of failures: [String: Int]) -> (reasons: [ReasonCount], folded: Int) {
        guard failures.count > ScreenReport.maximumListedReasons else {
            return (failures.map { ReasonCount(reason: $0.key, count: $0.value) }.sorted { $0.reason < $1.reason }, 0)
        }
        var weights = failures
        weights[ScreenReport.otherReason] = nil
        let kept = MostFrequentValues.top(ScreenReport.maximumListedReasons, of: weights)
        let other = failures.reduce(0) { kept.contains($1.key) ? $0 : $0 + $1.value }
        let listed = kept.sorted().map { ReasonCount(reason: $0, count: failures[$0] ?? 0) }
        return (listed + [ReasonCount(reason: ScreenReport.otherReason, count: other)], failures.count - kept.count)
    }

    private static func fraction(_ part: Int, of whole: Int) -> Double {
        whole > 0 ? Double(part) / Double(whole) : 0
    }

    private static func seconds(_ milliseconds: Int64) -> Double {
        Double(milliseconds) / 1000
    }
}
