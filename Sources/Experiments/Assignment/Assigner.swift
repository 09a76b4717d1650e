/// Decides every slot's variant for a session from a validated configuration. Pure and deterministic.
///
/// Per slot, in order: a variant forced by the caller; the first matching rule (file order); the first active
/// experiment for the slot (file order) that includes the user; the slot's default. Experiments after the deciding
/// step are reported as excluded with the reason (`slot_forced`, `slot_decided_by_rule`,
/// `slot_taken_by_earlier_experiment`), so they never produce an exposure.
public struct Assigner: Sendable {
    /// The configuration assignments come from.
    public let configuration: ValidatedExperimentConfig
    private let evaluators: [ExperimentEvaluator]
    private let plans: [SlotPlan]

    /// The rules and experiments of one slot, in the order they are tried.
    private struct SlotPlan: Sendable {
        let slot: ConfigSlot
        let steps: [AssignmentStep]
    }

    /// Prepares `config` for assigning sessions.
    public init(config: ValidatedExperimentConfig) {
        configuration = config
        let experiments = config.config.experiments
        evaluators = experiments.map(ExperimentEvaluator.init)
        plans = config.config.slots.map { slot in
            let steps = config.config.steps[slot.id]
                ?? config.config.rules.indices.filter { config.config.rules[$0].slot == slot.id }.map(AssignmentStep.rule)
                + experiments.indices.filter { experiments[$0].slot == slot.id }.map(AssignmentStep.experiment)
            return SlotPlan(slot: slot, steps: steps)
        }
    }

    /// Assigns every declared slot for a user described by `attributes`.
    ///
    /// - Parameters:
    ///   - attributes: The user's attributes: hashed for experiments, matched by rules and conditions.
    ///   - forcedVariants: Variants the caller insists on per slot (e.g. from `--variant`); entries for
    ///     undeclared slots are ignored. The caller is responsible for checking the variant fills the slot.
    ///   - stickyBuckets: Where the user's sticky bucket assignments are read from and recorded, with GrowthBook's
    ///     sticky bucketing semantics (see ``ExperimentDefinition/bucketVersion``); `nil` assigns from the hash alone.
    public func assign(
        attributes: Attributes, forcedVariants: [SlotID: VariantID] = [:], stickyBuckets: (any StickyBucketStore)? = nil
    ) -> SessionAssignment {
        // Evaluators and rules are read in place: they are borrowed, where reading an array
        // element would copy the whole experiment definition and retain everything in it.
        evaluators.withBorrowedElements { evaluators in
            configuration.config.rules.withBorrowedElements { rules in
                guard let stickyBuckets else {
                    var none: StickyBucketSession?
                    return assign(attributes: attributes, forcedVariants: forcedVariants, evaluators: evaluators, rules: rules, sticky: &none)
                }
                var sticky: StickyBucketSession? = StickyBucketSession(store: stickyBuckets, evaluators: evaluators, attributes: attributes)
                let assignment = assign(attributes: attributes, forcedVariants: forcedVariants, evaluators: evaluators, rules: rules, sticky: &sticky)
                sticky?.save(to: stickyBuckets)
                return assignment
            }
        }
    }

    private func assign(
        attributes: Attributes,
        forcedVariants: [SlotID: VariantID],
        evaluators: EvaluationMemory.BorrowedElements<ExperimentEvaluator>,
        rules: EvaluationMemory.BorrowedElements<AssignmentRule>,
        sticky: inout StickyBucketSession?
    ) -> SessionAssignment {
        var records: [ExperimentEvaluation?] = Array(repeating: nil, count: evaluators.count)
        var slots: [SlotAssignment] = []
        slots.reserveCapacity(plans.count)
        for plan in plans {
            let slotID = plan.slot.id
            var decision: SlotAssignment?
            var preemption: ExclusionReason?
            if !forcedVariants.isEmpty, let forced = forcedVariants[slotID] {
                decision = SlotAssignment(slot: slotID, variant: forced, reason: .forced)
                preemption = .slotForced
            }
            for step in plan.steps {
                let experimentIndex: Int
                switch step {
                case .rule(let ruleIndex):
                    if decision == nil, rules[ruleIndex].applies(to: attributes) {
                        decision = SlotAssignment(slot: slotID, variant: rules[ruleIndex].variant, reason: .rule(index: ruleIndex))
                        preemption = .slotDecidedByRule
                    }
                    continue
                case .experiment(let index):
                    experimentIndex = index
                }
                let key = evaluators[experimentIndex].definition.key
                if let preemption {
                    records[experimentIndex] = ExperimentEvaluation(
                        key: key, slot: slotID, exclusionReason: preemption,
                        hashAttribute: evaluators[experimentIndex].definition.hashAttribute
                    )
                    continue
                }
                let evaluation: ExperimentEvaluation
                if sticky != nil {
                    evaluation = evaluators[experimentIndex].evaluate(attributes, savedGroups: [:], sticky: &sticky!)
                } else {
                    evaluation = evaluators[experimentIndex].evaluate(attributes)
                }
                records[experimentIndex] = evaluation
                guard let variant = evaluation.variant, let index = evaluation.variationIndex else { continue }
                let reason: AssignmentReason
                if evaluation.forcedByConfig {
                    reason = .forcedByConfig(key: key, variationIndex: index)
                } else {
                    reason = .experiment(
                        key: key, variationIndex: index, hashAttribute: evaluation.hashAttribute,
                        hashValue: evaluation.hashAttributeValue ?? "", bucket: evaluation.bucket ?? 0
                    )
                }
                decision = SlotAssignment(slot: slotID, variant: variant, reason: reason, stickyBucketUsed: evaluation.stickyBucketUsed)
                preemption = .slotTakenByEarlierExperiment
            }
            slots.append(decision ?? SlotAssignment(slot: slotID, variant: plan.slot.defaultVariant, reason: .default))
        }
        return SessionAssignment(slots: slots, experiments: records.compactMap { $0 })
    }
}
