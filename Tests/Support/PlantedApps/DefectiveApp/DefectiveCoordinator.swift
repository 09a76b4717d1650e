import Coordination

/// The defective app's sound flow; its subclasses change one step each.
package class DefectiveCoordinator: Coordinator {
    override package func start() {
        let start = PlantedScreen(
            "start",
            content: ScreenContent(
                title: "start", fields: [ScreenField(id: "code", label: "Code")],
                actions: [ScreenAction(id: "next", title: "Next", submitsForm: true)], allowsBack: false
            )
        )
        start.onAction = { [unowned self, unowned start] _, fields in
            guard fields["code"] == "ok" else {
                start.content.error = "wrong code"
                return
            }
            showDone()
        }
        navigator.setRoot(start, owner: self)
    }

    func showDone() {
        let done = PlantedScreen(
            doneScreenName, content: ScreenContent(title: doneScreenName, actions: [ScreenAction(id: "finish", title: "Finish")])
        )
        done.onAction = { [unowned self] _, _ in finish() }
        navigator.push(done, owner: self)
    }

    var doneScreenName: String { "done" }
}
