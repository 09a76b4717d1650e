import Coordination
import VariantKit

// Trail variants that log the trail's steps in another order than the sound trail, which shows the form
// (turn `next`), then saves the code (turn `submit[valid]`) and shows the review.

/// Saves the code and loads hints as the flow starts, before the form is ever shown, and never again: on
/// every path the code is saved before the form is seen.
package enum CodeFirstTrail: TrailVariant {
    package static let id = "code-first"
    final class SavesEarly: TrailCoordinator {
        override func start() {
            super.start()
            recordMutation("save_code", outcome: .succeeded)
            recordMutation("load_hints", outcome: .succeeded)
        }
        override func recordCode() {}
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { SavesEarly(navigator: navigator) }
}

/// Offers `prefill` on intro, which saves the code at once and shows the form filled in, whose submit then
/// saves nothing: on that path the code is saved before the form is seen, on the path through `next` alone
/// after it.
package enum PrefillTrail: TrailVariant {
    package static let id = "prefill"
    final class Prefills: TrailCoordinator {
        private var prefilled = false

        override func start() {
            let intro = PlantedScreen("intro", actions: ["next", "prefill"], allowsBack: false)
            intro.onAction = { [unowned self, unowned intro] action, _ in
                if action == "prefill", !prefilled {
                    prefilled = true
                    intro.content.title = "intro (code saved)"
                    recordMutation("save_code", outcome: .succeeded)
                } else if action == "next" {
                    showForm()
                }
            }
            navigator.setRoot(intro, owner: self)
        }

        override func showForm() {
            let form = PlantedScreen("form", actions: ["submit"], fields: [ScreenField(id: "code", label: "Code", value: prefilled ? "ok" : "")])
            form.onAction = { [unowned self, unowned form] _, fields in
                guard fields["code"] == "ok" else {
                    form.content.error = "wrong code"
                    return
                }
                form.content.error = nil
                if !prefilled { recordCode() }
                showReview()
            }
            navigator.push(form, owner: self)
        }
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { Prefills(navigator: navigator) }
}

/// Saves the code as `next` is taken, just before it shows the form: one turn logs both, the save first.
package enum SameTurnTrail: TrailVariant {
    package static let id = "same-turn"
    final class SavesOnNext: TrailCoordinator {
        override func start() {
            let intro = PlantedScreen("intro", actions: ["next"], allowsBack: false)
            intro.onAction = { [unowned self] _, _ in
                recordMutation("save_code", outcome: .succeeded)
                showForm()
            }
            navigator.setRoot(intro, owner: self)
        }
        override func recordCode() {}
    }
    package static func makeCoordinator(navigator: Navigator) -> Coordinator { SavesOnNext(navigator: navigator) }
}
