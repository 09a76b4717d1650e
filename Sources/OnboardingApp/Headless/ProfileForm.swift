import Coordination

/// The profile screen as a form: `display_name` and `interests` fields and a `save_profile` action.
final class ProfileForm: ProfileScreen {
    var errorMessage: String?
    var onSave: ((Profile) -> Void)?
    private var displayName: String
    private var interests: [String]
    private let allowsBack: Bool

    let name = "profile"

    init(draft: Profile?, allowsBack: Bool) {
        displayName = draft?.displayName ?? ""
        interests = draft?.interests ?? []
        self.allowsBack = allowsBack
    }

    var content: ScreenContent {
        ScreenContent(
            title: "Tell us about you",
            error: errorMessage,
            fields: [
                ScreenField(id: "display_name", label: "Display name", value: displayName),
                ScreenField(
                    id: "interests",
                    label: "Interests",
                    kind: .choice(options: Profile.availableInterests, allowsMultiple: true),
                    value: interests.joined(separator: ","),
                    isRequired: false
                ),
            ],
            actions: [ScreenAction(id: "save_profile", title: "Save profile", submitsForm: true)],
            allowsBack: allowsBack
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "save_profile" else { return }
        displayName = fields["display_name"] ?? displayName
        interests = ScreenField.splitChoices(fields["interests"] ?? "")
        onSave?(Profile(displayName: displayName, interests: interests))
    }
}
