import Coordination
import VariantKit

/// A test-only app whose map is known: intro → form (a code; "ok" goes on, anything else shows an
/// error) → review (confirm finishes; edit and back return to the form; help shows a tip screen).
///
/// Its variants plant one defect each for the map's lints (see `TrailVariants.swift`).
enum TrailApp: HostedApp {
    static let name = "trail"
    static var slots: [AppSlot] { [AppSlot(id: "trail", summary: "the whole flow", defaultVariant: SoundTrail.id)] }
    static var screenNames: [String] { ["intro", "form", "review", "help"] }
    static let syntheticInput = SyntheticInput(fields: ["code": .init(valid: "ok", invalid: ["bad"])])

    static func makeRootCoordinator(for selection: VariantSelection, navigator: Navigator) throws(CompositionError) -> Coordinator {
        try selection.variant(for: "trail", as: (any TrailVariant.Type).self).coordinator { $0.makeCoordinator(navigator: navigator) }
    }
}

/// The kind of variant the trail app's slot takes.
protocol TrailVariant: FlowVariant {
    static func makeCoordinator(navigator: Navigator) -> Coordinator
}

extension TrailVariant {
    static var slot: String { "trail" }
    static var summary: String { "a trail variant" }
}

/// A screen that shows what it is given and reports each action to its listener.
final class TrailScreen: Screen {
    let name: String
    var content: ScreenContent
    var onAction: ((ScreenAction.ID, [ScreenField.ID: String]) -> Void)?

    init(_ name: String, title: String? = nil, actions: [String], fields: [ScreenField] = [], allowsBack: Bool = true) {
        self.name = name
        content = ScreenContent(
            title: title ?? name, fields: fields,
            actions: actions.map { ScreenAction(id: $0, title: $0, submitsForm: !fields.isEmpty) },
            allowsBack: allowsBack
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onAction?(action, fields)
    }
}

/// The sound trail; its subclasses change one step each.
class TrailCoordinator: Coordinator {
    override func start() {
        let intro = TrailScreen("intro", actions: ["next"], allowsBack: false)
        intro.onAction = { [unowned self] _, _ in showForm() }
        navigator.setRoot(intro, owner: self)
    }

    func showForm() {
        let form = TrailScreen("form", actions: ["submit"], fields: [ScreenField(id: "code", label: "Code")])
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
        let review = TrailScreen("review", actions: ["confirm", "edit", "help"])
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
        let help = TrailScreen("help", title: "Tip 1", actions: ["next_tip"], allowsBack: helpAllowsBack)
        help.onAction = { [unowned help] _, _ in
            help.content.title = help.content.title == "Tip 1" ? "Tip 2" : "Tip 1"
        }
        navigator.push(help, owner: self)
    }

    var helpAllowsBack: Bool { true }
}

/// The trail as designed: no lint.
enum SoundTrail: TrailVariant {
    static let id = "sound"
    static func makeCoordinator(navigator: Navigator) -> Coordinator { TrailCoordinator(navigator: navigator) }
}
