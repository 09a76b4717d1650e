import Coordination

/// The free-week offer: one action.
final class TrialView: TrialScreen {
    let name = "trial"
    var onStartTrial: (() -> Void)?
    let content = ScreenContent(
        title: "Try premium free for a week",
        body: ["Then \(Plan.yearly.price); cancel any time before."],
        actions: [ScreenAction(id: "start_trial", title: "Start my free week")],
        allowsBack: false
    )

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        if action == "start_trial" { onStartTrial?() }
    }
}
