import Coordination
import PaywallApp

// Stand-ins for the app's view controllers: main-actor classes (this target's default isolation,
// as an Xcode app target's) implementing the paywall's screen protocols. Each keeps the
// `ScreenSession` the session hands it and sends its buttons' taps through it.

/// The plan picker.
final class PlansViewController: PlansScreen {
    let name = "plans"
    var onChoose: ((Plan) -> Void)?
    private var session: ScreenSession?
    var content: ScreenContent {
        ScreenContent(title: "Go premium", actions: Plan.allCases.map { ScreenAction(id: $0.rawValue, title: $0.title) }, allowsBack: false)
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        if let plan = Plan(rawValue: action) { onChoose?(plan) }
    }

    func connect(to session: ScreenSession) {
        self.session = session
    }

    func tap(_ plan: Plan) throws(ScreenInputError) {
        try session?.perform(plan.rawValue)
    }
}

/// The free-week offer.
final class TrialViewController: TrialScreen {
    let name = "trial"
    var onStartTrial: (() -> Void)?
    private var session: ScreenSession?
    var content: ScreenContent {
        ScreenContent(title: "Try premium free for a week", actions: [ScreenAction(id: "start_trial", title: "Start")], allowsBack: false)
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        if action == "start_trial" { onStartTrial?() }
    }

    func connect(to session: ScreenSession) {
        self.session = session
    }

    func tapStart() throws(ScreenInputError) {
        try session?.perform("start_trial")
    }
}

/// The card form.
final class PaymentViewController: PaymentScreen {
    let name = "payment"
    var onSubscribe: ((PaymentCard) -> Void)?
    var errorMessage: String?
    private var session: ScreenSession?
    var content: ScreenContent {
        ScreenContent(
            title: "Payment",
            error: errorMessage,
            fields: [ScreenField(id: "card_number", label: "Card number"), ScreenField(id: "card_holder", label: "Name on card")],
            actions: [ScreenAction(id: "subscribe", title: "Subscribe", submitsForm: true)]
        )
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onSubscribe?(PaymentCard(number: fields["card_number"] ?? "", holder: fields["card_holder"] ?? ""))
    }

    func connect(to session: ScreenSession) {
        self.session = session
    }

    func tapSubscribe(number: String, holder: String) throws(ScreenInputError) {
        try session?.perform("subscribe", fields: ["card_number": number, "card_holder": holder])
    }

    func swipeBack() throws(ScreenInputError) {
        try session?.goBack()
    }
}

/// The confirmation.
final class SubscribedViewController: SubscribedScreen {
    let name = "subscribed"
    var content: ScreenContent { ScreenContent(title: "Welcome to premium", allowsBack: false) }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {}
}

/// The app's screen factory.
struct ViewControllerScreens: PaywallScreenFactory {
    func makePlans() -> any PlansScreen { PlansViewController() }
    func makeTrial() -> any TrialScreen { TrialViewController() }
    func makePayment(for plan: Plan, withTrial: Bool) -> any PaymentScreen { PaymentViewController() }
    func makeSubscribed(_ subscription: Subscription) -> any SubscribedScreen { SubscribedViewController() }
}
