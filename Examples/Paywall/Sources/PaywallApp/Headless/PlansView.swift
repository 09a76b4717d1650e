import Coordination

/// The plan picker: one action per plan.
final class PlansView: PlansScreen {
    let name = "plans"
    var onChoose: ((Plan) -> Void)?
    let content = ScreenContent(
        title: "Go premium",
        body: Plan.allCases.map { "\($0.title): \($0.price)" },
        actions: Plan.allCases.map { ScreenAction(id: $0.rawValue, title: "\($0.title), \($0.price)") },
        allowsBack: false
    )

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        if let plan = Plan(rawValue: action) { onChoose?(plan) }
    }
}
