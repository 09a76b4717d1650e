import Coordination
import VariantKit

/// One screen whose only action books and finishes the flow.
public enum OneStepBookingVariant: BookingFlowVariant {
    public static let id = "one-step-booking"
    public static let summary = "book on one screen"

    public static func makeCoordinator(navigator: Navigator) -> Coordinator { OneStepBookingCoordinator(navigator: navigator) }
}

/// Shows `book`; its action finishes the flow.
final class OneStepBookingCoordinator: Coordinator {
    override func start() {
        navigator.setRoot(BookScreen { [unowned self] in finish() }, owner: self)
    }
}

/// The one screen: a title and a `book` action.
final class BookScreen: Screen {
    let name = "book"
    let content = ScreenContent(title: "Book", actions: [ScreenAction(id: "book", title: "Book")], allowsBack: false)
    private let onBook: () -> Void

    init(onBook: @escaping () -> Void) {
        self.onBook = onBook
    }

    func perform(_ action: ScreenAction.ID, fields: [ScreenField.ID: String]) {
        onBook()
    }
}
