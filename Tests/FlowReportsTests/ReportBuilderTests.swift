import FlowEvents
import FlowReports
import Testing

/// Choosing experiments, controls, arm order and sample-ratio weights.
@Suite("Report builder: experiments, controls and weights")
struct ReportBuilderTests {
    /// 3 users in "b", 1 in "a" (exposed in that order), 2 in "x" of another experiment.
    static var log: [FlowEvent] {
        var script = EventScript()
        script.expose("u1", to: "b", at: 0)
        script.expose("u2", to: "a", at: 1)
        script.expose("u3", to: "b", at: 2)
        script.expose("u4", to: "b", at: 3)
        script.expose("u1", to: "x", in: "pricing", at: 4)
        script.expose("u5", to: "x", in: "pricing", at: 5)
        script.add(.exposure, user: "u6", at: 6, experiment: "pricing")  // names no variant
        return script.events
    }

    @Test("Every exposed experiment is reported, ordered by key; exposures missing a variant are noted")
    func allExperiments() throws {
        let report = try ReportBuilder.report(events: Self.log, options: ReportOptions(), inputs: ["e.jsonl"], diagnostics: ["first"])
        #expect(report.experiments.map(\.key) == ["onboarding", "pricing"])
        #expect(report.diagnostics == ["first", "1 exposure events without experiment or variant ignored"])
        #expect(report.reportVersion == 1)
        #expect(report.mode == .report)
        #expect(report.inputs == ["e.jsonl"])
    }

    @Test("--experiment selects one experiment")
    func experimentFilter() throws {
        let report = try ReportBuilder.report(events: Self.log, options: ReportOptions(experiment: "pricing"), inputs: [])
        #expect(report.experiments.map(\.key) == ["pricing"])
        #expect(report.experiments[0].arms.map(\.users) == [2])
    }

    @Test("An unknown --experiment is an error naming the known experiments")
    func unknownExperiment() {
        #expect(throws: ReportError.unknownExperiment("nope", known: ["onboarding", "pricing"])) {
            try ReportBuilder.report(events: Self.log, options: ReportOptions(experiment: "nope"), inputs: [])
        }
    }

    @Test("--control picks the control and puts it first")
    func explicitControl() throws {
        let options = ReportOptions(experiment: "onboarding", control: "a")
        let experiment = try #require(try ReportBuilder.report(events: Self.log, options: options, inputs: []).experiments.first)
        #expect(experiment.control == "a")
        #expect(experiment.arms.map(\.variant) == ["a", "b"])
        #expect(experiment.analysis.sampleRatio?.observed == [1, 3])
    }

    @Test("A --control that is not an arm is an error")
    func unknownControl() {
        #expect(throws: ReportError.unknownControl("c", experiment: "onboarding", arms: ["b", "a"])) {
            try ReportBuilder.report(events: Self.log, options: ReportOptions(experiment: "onboarding", control: "c"), inputs: [])
        }
    }

    @Test("With a configuration, the first listed variation is control and listed variations without users are arms")
    func configurationOrder() throws {
        let configuration = ExperimentAnalysisPlan(variations: ["a", "c", "b"], weights: [0.5, 0.25, 0.25])
        let options = ReportOptions(experiment: "onboarding", experiments: ["onboarding": configuration])
        let experiment = try #require(try ReportBuilder.report(events: Self.log, options: options, inputs: []).experiments.first)
        #expect(experiment.control == "a")
        #expect(experiment.arms.map(\.variant) == ["a", "c", "b"])
        #expect(experiment.arms.map(\.users) == [1, 0, 3])
        #expect(experiment.analysis.sampleRatio?.observed == [1, 0, 3])
        #expect(experiment.analysis.sampleRatio?.expectedWeights == [0.5, 0.25, 0.25])
    }

    @Test("Configured weights follow the arms when --control reorders them")
    func weightsFollowArms() throws {
        let configuration = ExperimentAnalysisPlan(variations: ["a", "b"], weights: [0.2, 0.8])
        let options = ReportOptions(experiment: "onboarding", control: "b", experiments: ["onboarding": configuration])
        let report = try ReportBuilder.report(events: Self.log, options: options, inputs: [])
        #expect(report.experiments[0].analysis.sampleRatio?.variants == ["b", "a"])
        #expect(report.experiments[0].analysis.sampleRatio?.expectedWeights == [0.8, 0.2])
    }

    @Test("A variant the configuration does not list is shown and noted, but neither compared nor in the sample-ratio check")
    func unconfiguredVariant() throws {
        let configuration = ExperimentAnalysisPlan(variations: ["a", "c"], weights: [0.25, 0.75])
        let options = ReportOptions(experiment: "onboarding", experiments: ["onboarding": configuration])
        let experiment = try #require(try ReportBuilder.report(events: Self.log, options: options, inputs: []).experiments.first)
        #expect(experiment.arms.map(\.variant) == ["a", "c", "b"])
        #expect(experiment.arms.map(\.users) == [1, 0, 3])
        #expect(experiment.arms.map(\.notInConfiguration) == [nil, nil, true])
        #expect(experiment.analysis.comparisons.map(\.variant) == ["c"])
        #expect(experiment.analysis.sampleRatio?.variants == ["a", "c"])
        #expect(experiment.analysis.sampleRatio?.expectedWeights == [0.25, 0.75])
        #expect(experiment.notes == [
            "b is not a variation in the configuration: its 3 users are shown but left out of the comparisons and the sample-ratio check",
        ])
    }

    @Test("Without a configuration, or without the experiment in it, the report says so and what it used instead")
    func missingConfiguration() throws {
        let notFound = ReportOptions(experiment: "onboarding", configurationSource: .notFound("no --config given"))
        let report = try ReportBuilder.report(events: Self.log, options: notFound, inputs: [])
        #expect(report.experiments[0].notes == [
            "no experiment configuration: no --config given; measured with steps discovered from the screens shown, "
                + "goal flow_completed, a 14-day window, the variants as exposed and equal weights",
        ])
        let otherKeys = ReportOptions(
            experiment: "onboarding", experiments: ["pricing": ExperimentAnalysisPlan(variations: ["x"])],
            configurationSource: .file("experiments.json")
        )
        let notes = try ReportBuilder.report(events: Self.log, options: otherKeys, inputs: []).experiments[0].notes
        #expect(notes.count == 1 && notes[0].hasPrefix("onboarding is not in experiments.json; measured with steps discovered"))
        let listed = ReportOptions(
            experiment: "pricing", experiments: ["pricing": ExperimentAnalysisPlan(variations: ["x"])],
            configurationSource: .file("experiments.json")
        )
        #expect(try ReportBuilder.report(events: Self.log, options: listed, inputs: []).experiments[0].notes.isEmpty)
    }

    @Test("A log without exposures gives an empty report with a note, not an error")
    func noExposures() throws {
        var script = EventScript()
        script.add(.assignment, user: "u", at: 0, variant: "a", properties: ["slot": "onboarding", "reason": "forced"])
        let report = try ReportBuilder.report(events: script.events, options: ReportOptions(), inputs: [])
        #expect(report.experiments.isEmpty)
        #expect(report.diagnostics.count == 1)
    }

    @Test("A configured experiment without exposures can still be selected: its arms have no users")
    func configuredButUnexposed() throws {
        let options = ReportOptions(experiment: "new", experiments: ["new": ExperimentAnalysisPlan(variations: ["p", "q"])])
        let report = try ReportBuilder.report(events: Self.log, options: options, inputs: [])
        #expect(report.experiments[0].arms.map(\.users) == [0, 0])
        #expect(report.experiments[0].arms.map(\.variant) == ["p", "q"])
    }

    @Test("Absurd windows neither overflow nor trap")
    func absurdWindows() throws {
        for seconds in [Int.min, -1, 0, Int.max] {
            let funnel = FunnelDefinition(steps: [], conversionWindowSeconds: seconds, goal: EventMatcher(type: .exposure))
            let options = ReportOptions(experiments: ["onboarding": ExperimentAnalysisPlan(funnel: funnel)])
            let report = try ReportBuilder.report(events: Self.log, options: options, inputs: [])
            // The exposure itself is the goal, at offset 0: inside every window, even an empty one.
            #expect(report.experiments[0].arms.map(\.goalConversions) == [3, 1])
        }
    }
}
