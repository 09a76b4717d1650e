extension ArmTally {
    /// Each step's users who reached it and the sample of their gaps in seconds (what step times are compared on),
    /// from the gaps per user or as an engine counted them; nil when neither is known.
    var stepGapSamples: [(users: Int, sample: StepGapSample)]? {
        if let stepGaps {
            return stepGaps.map { gaps in (gaps.count, StepGapSample(gaps: gaps.map { Double($0) / 1_000 })) }
        }
        return countedStepGaps?.map { counted in
            (counted.values.reduce(0, +), StepGapSample(usersByMilliseconds: counted))
        }
    }
}
