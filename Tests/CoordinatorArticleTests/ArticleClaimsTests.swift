import Coordination
import Testing

/// What "Writing a coordinator" says about lifetimes, checked on the article's own coordinators
/// (compiled from the article into this target): the tree, not the navigator, keeps coordinators
/// alive; a callback capturing `self` strongly would keep one alive past its flow; and a screen left
/// visible after its coordinator was freed traps when tapped.
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

    @Test("a tap on a screen whose coordinator finished and was freed stops the program: [unowned self] traps")
    func unownedSelfTrapsOnAFreedCoordinator() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let session = FlowSession(root: ParentIgnoringItsChild(navigator: Navigator()))
            session.start()
            try session.perform("book_table")
            try session.perform("next", fields: ["guests": "2"])
            try session.perform("confirm", fields: ["name": "Ada", "phone": "555 0100"])
            try session.perform("close")
            // The booking finished and was freed; its confirmation is still visible, its closure unowned.
            #expect(session.root.children.isEmpty)
            #expect(session.visibleScreen?.name == "booked")
            try session.perform("close")
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.contains("Attempted to read an unowned reference"), "\(message)")
    }
}

/// A parent that leaves a finished child's screens on the stack, as the article says not to.
private final class ParentIgnoringItsChild: Coordinator {
    override func start() {
        let page = RestaurantPage()
        page.onBookTable = { [unowned self] in
            startChild(BookingCoordinator(navigator: navigator, screens: HeadlessBookingScreens(), bookings: InMemoryBookingService(seatsLeft: 6)))
        }
        navigator.setRoot(page, owner: self)
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
