import Coordination

/// The profile screen as a form: `display_name` and `interests` fields and a `save_profile` action.
final class ProfileForm: ProfileScreen {
    var errorMessage: String? {
        didSet { content.error = errorMessage }
    }
    var onSave: ((Profile) -> Void)?

    let name = "profile"
    private(set) var content: ScreenContent

    init(draft: Profile?, allowsBack: Bool) {
        content = ScreenContent(
            title: "Tell us about you",
            fields: [
                ScreenField(id: "display_name", label: "Display name", value: draft?.displayName ?? ""),
                ScreenField(
                    id: "interests",
                    label: "Interests",
                    kind: .choice(options: Profile.availableInterests, allowsMultiple: true),
                    value: draft?.interests.joined(separator: ",") ?? "",
                    isRequired: false
                ),
            ],
            actions: [ScreenAction(id: "save_profile", title: "Save profile", submitsForm: true)],
            allowsBack: allowsBack
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        guard action == "save_profile" else { return }
        let displayName = fields["display_name"] ?? content.fields[0].value
        let interests = ScreenField.splitChoices(fields["interests"] ?? "")
        content.fields[0].value = displayName
        content.fields[1].value = interests.joined(separator: ",")
        onSave?(Profile(displayName: displayName, interests: interests))
    }
}
