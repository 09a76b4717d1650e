import FlowEvents
import FlowReports
import Testing

/// `compare`: each log is one arm, users anchored at their first session start.
@Suite("Compare mode: one arm per log")
struct CompareTests {
    static func log(variant: String?, users: [String], completing: Set<String>) -> [FlowEvent] {
        var script = EventScript()
        for (index, user) in users.enumerated() {
            let start = Double(index * 100)
            script.add(.sessionStarted, user: user, at: start, properties: ["onboarding": variant ?? "default"])
            if let variant {
                script.add(.assignment, user: user, at: start, variant: variant, properties: ["slot": "onboarding", "reason": "forced"])
            }
            script.show("welcome", to: user, at: start + 1)
            script.show("signup", to: user, at: start + 2)
            if completing.contains(user) {
                script.add(.flowCompleted, user: user, at: start + 10)
            }
        }
        return script.events
    }

    static func accumulate(_ events: [FlowEvent], options: CompareOptions) -> ArmLogAccumulator {
        var accumulator = ArmLogAccumulator(options: options)
        accumulator.consume(contentsOf: events)
        return accumulator
    }

    static func compare(options: CompareOptions, secondVariant: String? = "profile-first") throws -> Report {
        let first = accumulate(log(variant: "signup-first", users: ["a", "b", "c", "d"], completing: ["a"]), options: options)
        let second = accumulate(log(variant: secondVariant, users: ["e", "f", "a"], completing: ["e", "f"]), options: options)
        return try ReportBuilder.compare(
            [ComparedLog(label: "one.jsonl", accumulator: first), ComparedLog(label: "two.jsonl", accumulator: second)],
            options: options
        )
    }

    @Test("Arms are named by the variant the assignments name, the first log is control")
    func armsFromFiles() throws {
        let report = try Self.compare(options: CompareOptions(experiment: "onboarding"))
        let experiment = try #require(report.experiments.first)
        #expect(report.mode == .compare)
        #expect(report.inputs == ["one.jsonl", "two.jsonl"])
        #expect(experiment.key == "onboarding")
        #expect(experiment.control == "signup-first")
        #expect(experiment.arms.map(\.variant) == ["signup-first", "profile-first"])
        #expect(experiment.arms.map(\.source) == ["one.jsonl", "two.jsonl"])
        #expect(experiment.arms.map(\.users) == [4, 3])
        #expect(experiment.arms.map(\.goalConversions) == [1, 2])
        #expect(experiment.arms[0].steps.map(\.name) == ["welcome", "signup"])
        #expect(experiment.analysis.comparisons.first?.variant == "profile-first")
    }

    @Test("Each treatment log is decomposed step by step and its step times compared with control's, as an experiment's variants are")
    func stepByStepAndStepTimes() throws {
        let experiment = try #require(try Self.compare(options: CompareOptions(experiment: "onboarding")).experiments.first)
        let decomposition = try #require(experiment.stepDecompositions.first)
        #expect(experiment.stepDecompositions.count == 1)
        #expect(decomposition.variant == "profile-first" && decomposition.control == "signup-first")
        #expect(decomposition.refusal == nil)
        #expect(decomposition.treatmentRate == 2.0 / 3 && decomposition.controlRate == 0.25)
        // Every user reaches both steps: the whole difference is in the goal after the last step.
        #expect(decomposition.terms.count == 3)
        let ratio = decomposition.terms.compactMap(\.ratio).reduce(1, *)
        #expect(abs(ratio - (2.0 / 3) / 0.25) < 1e-12, "\(decomposition.terms.map(\.ratio))")
        let times = try #require(experiment.stepTimes.first)
        #expect(times.unavailable == nil)
        #expect(times.steps.map(\.step) == ["welcome", "signup"])
        #expect(times.steps.map(\.treatmentUsers) == [3, 3] && times.steps.map(\.controlUsers) == [4, 4])
        #expect(times.steps.map(\.median.treatmentSeconds) == [1, 1] && times.steps.map(\.median.controlSeconds) == [1, 1])
    }

    @Test("Users found in both logs are noted")
    func sharedUsersNoted() throws {
        let report = try Self.compare(options: CompareOptions())
        #expect(report.diagnostics == ["1 users appear in more than one log; each log counts them in its own arm"])
        #expect(report.experiments.first?.key == "compare")
    }

    @Test("--control may name the second log by arm name or by file")
    func controlChoice() throws {
        for control in ["profile-first", "two.jsonl"] {
            let experiment = try #require(try Self.compare(options: CompareOptions(control: control)).experiments.first)
            #expect(experiment.control == "profile-first")
            #expect(experiment.arms.map(\.users) == [3, 4])
        }
    }

    @Test("A log whose events name no variant is named after its file")
    func fallbackToFileName() throws {
        let report = try Self.compare(options: CompareOptions(), secondVariant: nil)
        #expect(report.experiments.first?.arms.map(\.variant) == ["signup-first", "two.jsonl"])
        #expect(report.diagnostics.contains("two.jsonl: no assignment or exposure names a variant; arm named after the file"))
    }

    @Test("Two logs naming the same variant get distinct arm names")
    func distinctNames() throws {
        let report = try Self.compare(options: CompareOptions(), secondVariant: "signup-first")
        #expect(report.experiments.first?.arms.map(\.variant) == ["signup-first", "signup-first (two.jsonl)"])
    }

    @Test("The most common variant names the arm; ties go to the alphabetically first")
    func votes() {
        var accumulator = ArmLogAccumulator(options: CompareOptions(experiment: "onboarding"))
        var script = EventScript()
        script.add(.assignment, user: "u", at: 0, variant: "b", properties: ["slot": "onboarding"])
        script.add(.assignment, user: "u", at: 0, variant: "a", properties: ["slot": "onboarding"])
        script.add(.assignment, user: "u", at: 0, variant: "z", properties: ["slot": "other"])
        script.add(.assignment, user: "u", at: 0, variant: "z", properties: ["slot": "other"])
        accumulator.consume(contentsOf: script.events)
        #expect(accumulator.votedArmName == "a")
    }

    @Test("Fewer than two logs, or an unknown control, are errors")
    func errors() {
        #expect(throws: ReportError.tooFewLogs(1)) {
            try ReportBuilder.compare([ComparedLog(label: "one", accumulator: ArmLogAccumulator())], options: CompareOptions())
        }
        #expect(throws: ReportError.unknownControl("nope", experiment: "compare", arms: ["signup-first", "profile-first"])) {
            try Self.compare(options: CompareOptions(control: "nope"))
        }
    }

    @Test("Weights are given per log and follow the control to the front")
    func weights() throws {
        let report = try Self.compare(options: CompareOptions(control: "two.jsonl", weights: [0.3, 0.7]))
        #expect(report.experiments.first?.analysis.sampleRatio?.expectedWeights == [0.7, 0.3])
    }
}

@Suite("Naming compare arms")
struct CompareArmNamingTests {
    @Test("slots left at their default do not name the arm; the forced variant does")
    func defaultsDoNotVote() {
        var accumulator = ArmLogAccumulator()
        for user in ["u1", "u2"] {
            for (variant, reason) in [("phone", "default"), ("signup-after-profile", "forced")] {
                accumulator.consume(FlowEvent(
                    time: EventTimestamp(millisecondsSince1970: 0), session: user, user: user, variant: variant,
                    type: .assignment, properties: ["slot": "s", "reason": reason]
                ))
            }
        }
        #expect(accumulator.votedArmName == "signup-after-profile")
    }
}
