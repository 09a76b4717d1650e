import Coordination

/// The screen every planted app shows: it shows what it is given, and reports each action, with the
/// fields' values, to its listener.
package final class PlantedScreen: Screen {
    package let name: String
    package var content: ScreenContent
    /// Called with the action's id and the fields' values each time the user acts.
    package var onAction: ((ScreenAction.ID, [ScreenField.ID: String]) -> Void)?

    /// A screen named `name` showing `content`.
    package init(_ name: String, content: ScreenContent) {
        self.name = name
        self.content = content
    }

    /// A screen titled `title` (its name when nil) whose actions are titled by their ids and submit the
    /// form when the screen has `fields`.
    package convenience init(_ name: String, title: String? = nil, actions: [String], fields: [ScreenField] = [], allowsBack: Bool = true) {
        self.init(
            name,
            content: ScreenContent(
                title: title ?? name, fields: fields,
                actions: actions.map { ScreenAction(id: $0, title: $0, submitsForm: !fields.isEmpty) },
                allowsBack: allowsBack
            )
        )
    }

    package func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onAction?(action, fields)
    }
}
