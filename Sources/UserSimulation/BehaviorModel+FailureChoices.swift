import Coordination
import FlowMapping
import VariantHost
import VariantKit

extension BehaviorModel {
    /// The `failValidation` choices of the model that no simulated user can ever take: on a screen
    /// that, in every state any variant reaches, offers no form with a field the app's synthetic
    /// input gives invalid values (a screen of choices only, say), a "failed" submit is a valid one.
    ///
    /// Found by exploring every variant's flow (`FlowExploration`); one issue per screen, with its path.
    package func unfireableFailureChoices(for registry: VariantRegistry) -> [ModelIssue] {
        var breakable: Set<String> = []
        for combination in registry.combinationsCoveringEveryVariant {
            let exploration = FlowExploration(app: registry.app, selection: VariantSelection(combination))
            for state in exploration.states {
                guard let screen = state.screen, let content = state.content else { continue }
                if Self.offersInvalidInput(content, input: registry.app.syntheticInput) { breakable.insert(screen) }
            }
        }
        var issues: [ModelIssue] = []
        func check(_ screens: [String: ScreenBehavior], at prefix: String) {
            for (screen, behavior) in screens where (behavior.probabilities[.failValidation] ?? 0) > 0 && !breakable.contains(screen) {
                issues.append(ModelIssue(
                    path: "\(prefix)\(BehaviorModelLoader.shortened(screen)).actions.failValidation",
                    message: "no \(screen) screen any variant reaches has a form with a field \(registry.app.name)'s synthetic input "
                        + "gives invalid values, so simulated users can never fail it here; remove the choice, or give invalid "
                        + "values for one of the screen's text fields in \(String(reflecting: registry.app)).syntheticInput"
                ))
            }
        }
        check(screens, at: "screens.")
        for (variant, overrides) in variantScreens {
            check(overrides, at: "variants.\(BehaviorModelLoader.shortened(variant)).")
        }
        return issues.sorted { $0.path < $1.path }
    }

    /// Whether `content` offers a form a user can submit with a refused value: what `failValidation` does.
    private static func offersInvalidInput(_ content: ScreenContent, input: SyntheticInput) -> Bool {
        guard content.actions.contains(where: \.submitsForm) else { return false }
        return content.fields.contains { field in
            if case .choice = field.kind { return false }
            return !(input.fields[field.id]?.invalid.isEmpty ?? true)
        }
    }
}
