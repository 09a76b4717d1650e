import Coordination
import FlowMapping
import VariantHost
import VariantKit

extension BehaviorModel {
    /// The `fields` entries of the model that simulated users could never submit as given: a field
    /// that no state of its screen, in any variant, shows, and a value a choice field does not offer.
    ///
    /// Found by exploring every variant's flow (`FlowExploration`); one issue per field or value, with its path.
    package func unusableFieldValues(for registry: VariantRegistry) -> [ModelIssue] {
        // Every field each screen shows in some state, with the options of the choice fields.
        var shown: [String: [ScreenField.ID: ChoiceOptions?]] = [:]
        for combination in registry.combinationsCoveringEveryVariant {
            let exploration = FlowExploration(app: registry.app, selection: VariantSelection(combination))
            for state in exploration.states {
                guard let screen = state.screen, let content = state.content else { continue }
                for field in content.fields {
                    if case .choice(let options, let allowsMultiple) = field.kind {
                        var known = (shown[screen]?[field.id] ?? nil) ?? ChoiceOptions(options: [], allowsMultiple: allowsMultiple)
                        known.options.formUnion(options)
                        shown[screen, default: [:]][field.id] = known
                    } else {
                        shown[screen, default: [:]][field.id] = .some(nil)
                    }
                }
            }
        }
        var issues: [ModelIssue] = []
        func check(_ screens: [String: ScreenBehavior], at prefix: String) {
            for (screen, behavior) in screens {
                let fields = shown[screen] ?? [:]
                for (field, distribution) in behavior.fieldValues {
                    let path = "\(prefix)\(BehaviorModelLoader.shortened(screen)).fields.\(BehaviorModelLoader.shortened(field))"
                    guard let choice = fields[field] else {
                        let names = fields.keys.sorted().joined(separator: ", ")
                        issues.append(ModelIssue(
                            path: path,
                            message: "no \(screen) screen any variant reaches has a field \(field); "
                                + (names.isEmpty ? "it has no fields" : "its fields: \(names)")
                        ))
                        continue
                    }
                    guard let choice else { continue }
                    for outcome in distribution.outcomes where outcome.probability > 0 && !choice.offers(outcome.value) {
                        issues.append(ModelIssue(
                            path: "\(path).\(BehaviorModelLoader.shortened(outcome.value))",
                            message: "not \(choice.allowsMultiple ? "options" : "an option") of the choice field \(field); "
                                + "its options: \(choice.options.sorted().joined(separator: ", "))"
                        ))
                    }
                }
            }
        }
        check(screens, at: "screens.")
        for (variant, overrides) in variantScreens {
            check(overrides, at: "variants.\(BehaviorModelLoader.shortened(variant)).")
        }
        return issues.sorted { $0.path < $1.path }
    }
}

/// The options of a choice field, and whether it takes several of them separated by commas.
private struct ChoiceOptions {
    var options: Set<String>
    var allowsMultiple: Bool

    /// Whether the screen accepts `value` in the field, as `ScreenContent.validate` judges a choice.
    func offers(_ value: String) -> Bool {
        allowsMultiple ? ScreenField.splitChoices(value).allSatisfy(options.contains) : options.contains(value)
    }
}
