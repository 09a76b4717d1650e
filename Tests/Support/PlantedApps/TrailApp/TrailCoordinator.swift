import Coordination

/// The sound trail; its subclasses change one step each.
package class TrailCoordinator: Coordinator {
    override package func start() {
        let intro = PlantedScreen("intro", actions: ["next"], allowsBack: false)
        intro.onAction = { [unowned self] _, _ in showForm() }
        navigator.setRoot(intro, owner: self)
    }

    func showForm() {
        let form = PlantedScreen("form", actions: ["submit"], fields: [ScreenField(id: "code", label: "Code")])
        form.onAction = { [unowned self, unowned form] _, fields in
            guard fields["code"] == "ok" else {
                form.content.error = "wrong code"
                return
            }
            form.content.error = nil
            recordCode()
            showReview()
        }
        navigator.push(form, owner: self)
    }

    func recordCode() {
        recordMutation("save_code", outcome: .succeeded)
    }

    func showReview() {
        let review = PlantedScreen("review", actions: ["confirm", "edit", "help"])
        review.onAction = { [unowned self] action, _ in
            switch action {
            case "confirm": finish()
            case "edit": navigator.pop()
            default: showHelp()
            }
        }
        navigator.push(review, owner: self)
    }

    /// A tip screen: next_tip shows the other of two tips; back returns to the review.
    func showHelp() {
        let help = PlantedScreen("help", title: "Tip 1", actions: ["next_tip"], allowsBack: helpAllowsBack)
        help.onAction = { [unowned help] _, _ in
            help.content.title = help.content.title == "Tip 1" ? "Tip 2" : "Tip 1"
        }
        navigator.push(help, owner: self)
    }

    var helpAllowsBack: Bool { true }
}
