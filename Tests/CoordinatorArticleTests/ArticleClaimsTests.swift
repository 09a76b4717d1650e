import Coordination
import Testing

/// What "Writing a coordinator" says about lifetimes, checked on the article's own coordinators
/// (compiled from the article into this target): the tree, not the navigator, keeps coordinators
/// alive, and a callback capturing `self` strongly would keep one alive past its flow.
@Suite("The lifetimes the article \"Writing a coordinator\" describes")
struct ArticleClaimsTests {
    private func session() -> FlowSession {
        FlowSession(root: RestaurantCoordinator(navigator: Navigator(), screens: HeadlessBookingScreens(), bookings: InMemoryBookingService(seatsLeft: 6)))
    }

    @Test("a child the user backed out of is freed: the navigator does not keep the coordinator that showed a screen")
    func backedOutChildIsFreed() throws {
        let session = session()
        session.start()
        try session.perform("book_table")
        weak let booking = session.root.children.first
        #expect(booking is BookingCoordinator)
        try session.goBack()
        #expect(session.root.children.isEmpty)
        #expect(booking == nil)
    }

    @Test("coordinators wired with [unowned self] are freed with their session once the flow ends")
    func finishedFlowIsFreed() throws {
        weak var root: Coordinator?
        weak var screen: (any Screen)?
        do {
            let session = session()
            root = session.root
            session.start()
            try session.perform("book_table")
            try session.perform("next", fields: ["guests": "2"])
            try session.perform("confirm", fields: ["name": "Ada", "phone": "555 0100"])
            screen = session.visibleScreen
            try session.perform("close")
            #expect(session.outcome == .completed(screen: "booked"))
        }
        #expect(root == nil)
        #expect(screen == nil)
    }

    @Test("a callback capturing self strongly keeps its coordinator alive after the flow, until the screen lets go")
    func strongCaptureKeepsTheCoordinator() throws {
        weak var root: Coordinator?
        weak var page: RestaurantPage?
        do {
            let session = FlowSession(root: StronglyWiredRestaurant(navigator: Navigator()))
            root = session.root
            session.start()
            page = session.visibleScreen as? RestaurantPage
            try session.perform("book_table")
            #expect(session.outcome == .completed(screen: "restaurant"))
        }
        #expect(root != nil)
        page?.onBookTable = nil
        #expect(root == nil)
    }
}

/// The restaurant wired as the article says not to: its callback captures `self` strongly.
private final class StronglyWiredRestaurant: Coordinator {
    override func start() {
        let page = RestaurantPage()
        page.onBookTable = { self.finish() }
        navigator.setRoot(page, owner: self)
    }
}
